import { NEWS_STATUSES } from '../domains/news/model';
import type { ResourceDefinition } from './types';

// News feeds on the generic list and show page. The module has tables of its own
// (server/src/modules/news: no `storage`): its list speaks the generic protocol
// (`companyId=a,b`, `publishedAt=from,to`, `newsStatus=`, `sort=field:dir`) besides API.md's
// parameters, and its status moves through the workflow routes (news TransitionStore). An item is
// named by `newsItemId` alone, the news table's primary key (migration 003); its `tableName`
// travels with the record for the legacy routes, which take both.

const statusOptions = NEWS_STATUSES.map((value) => ({ value, labelKey: `news.status.${value}` }));

export const newsFeeds: ResourceDefinition = {
  name: 'news-feeds',
  area: 'news-management',
  route: 'news-management/news/news-feeds',
  labelKey: 'resources.news-feeds',
  icon: 'ReadOutlined',
  minRole: 2,
  // No generic edit form: the status changes through the workflow's transitions (every staff role).
  actions: ['list', 'show'],
  endpoint: 'be-api-management/news/news',
  idField: 'newsItemId',
  fields: [
    // Opens the item in a drawer beside the list (news-cells.tsx); the show page names it in its title.
    { name: 'headline', type: 'text', labelKey: 'news.fields.headline', readOnly: true, views: ['list'], list: { width: 360, cell: 'news-headline' } },
    {
      name: 'companyId',
      type: 'reference',
      labelKey: 'news.fields.companyName',
      readOnly: true,
      reference: { resource: 'companies', label: 'compName', value: 'companyId', keepSearchAs: 'searchText' },
      // The name the row carries, not a read of the company per row; sorted by that name.
      list: { sortable: true, filter: 'multiSelect', cell: 'news-company', width: 200 },
    },
    { name: 'source', type: 'text', labelKey: 'news.fields.source', readOnly: true, list: { width: 120 } },
    { name: 'publishedAt', type: 'datetime', labelKey: 'news.fields.publishedAt', readOnly: true, list: { sortable: true, filter: 'dateRange', width: 180 } },
    { name: 'newsStatus', type: 'select', labelKey: 'news.fields.newsStatus', readOnly: true, options: statusOptions, list: { sortable: true, width: 120 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'news.fields.updatedAt', readOnly: true, list: { sortable: true, hidden: true, width: 180 } },
    { name: 'updatedBy', type: 'text', labelKey: 'news.fields.updatedBy', readOnly: true, list: { hidden: true, cell: 'user', width: 150 } },
    { name: 'tableName', type: 'text', labelKey: 'news.fields.tableName', readOnly: true, views: ['show'] },
    { name: 'url', type: 'url', labelKey: 'news.fields.url', readOnly: true, views: ['show'] },
    { name: 'comment', type: 'textarea', labelKey: 'news.fields.comment', readOnly: true, views: ['show'] },
  ],
  workflow: {
    field: 'newsStatus',
    commentField: 'comment',
    states: [
      { value: 'PENDING', labelKey: 'news.status.PENDING', color: 'warning' },
      { value: 'APPROVED', labelKey: 'news.status.APPROVED', color: 'success' },
      { value: 'REJECTED', labelKey: 'news.status.REJECTED', color: 'error' },
    ],
    // No `event`: the store emits `news.approved` itself (finview's rules listen to it), as change-news-status does.
    transitions: [
      { name: 'approve', labelKey: 'news.transitions.approve', from: ['PENDING', 'REJECTED'], to: 'APPROVED', comment: 'optional', bulk: true, hotkey: 'a' },
      { name: 'reject', labelKey: 'news.transitions.reject', from: ['PENDING', 'APPROVED'], to: 'REJECTED', comment: 'optional', bulk: true, danger: true, hotkey: 'r' },
      { name: 'reopen', labelKey: 'news.transitions.reopen', from: ['APPROVED', 'REJECTED'], to: 'PENDING', comment: 'optional', bulk: true, hotkey: 'p' },
    ],
  },
  // The module's own export route (be-api-management/news/news/export) takes the list's query.
  list: { tabs: 'newsStatus', export: true },
  panels: ['news-details'],
};
