import type { ResourceDefinition } from './types';
import { FEED_SOURCES } from '../domains/announcements/model';

// The BSE and NSE feeds a scheduled job reads, and their runs (docs/announcements.md "Feeds"):
// every role sees them and what each run found; Admins add, change, delete and run them. The
// announcements module serves the list (generic protocol); the show page adds the runs and
// their problems (panel `feed-run-report`), rows and the show page offer Run now
// (`feed-run-now`), and create/edit are the feed form (URLs and cron stay left to right,
// the time zone is picked from the browser's list): `announcement-feed-form`.
export const announcementFeeds: ResourceDefinition = {
  name: 'announcement-feeds',
  area: 'announcements',
  route: 'announcements/feeds',
  endpoint: 'be-api-management/announcements/feeds',
  labelKey: 'resources.announcement-feeds',
  icon: 'CloudDownloadOutlined',
  minRole: 2,
  actionRoles: { create: 1, edit: 1, delete: 1 },
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  actionPages: { create: 'announcement-feed-form', edit: 'announcement-feed-form' },
  panels: ['feed-run-report'],
  rowActions: ['feed-run-now'],
  list: { search: ['name', 'url'], export: true },
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    { name: 'name', type: 'text', labelKey: 'announcementFeeds.fields.name', required: true, maxLength: 80, rule: 'notBlank', list: { sortable: true } },
    {
      name: 'source',
      type: 'select',
      labelKey: 'announcementFeeds.fields.source',
      required: true,
      options: FEED_SOURCES.map((value) => ({ value, labelKey: `announcementFeeds.sources.${value}` })),
      list: { sortable: true, filter: 'multiSelect', width: 120 },
    },
    { name: 'url', type: 'url', labelKey: 'announcementFeeds.fields.url', required: true, maxLength: 2000, list: { hidden: true } },
    { name: 'attachmentBase', type: 'text', labelKey: 'announcementFeeds.fields.attachmentBase', maxLength: 2000, views: ['show', 'form'] },
    { name: 'enabled', type: 'boolean', labelKey: 'announcementFeeds.fields.enabled', default: true, list: { sortable: true, filter: 'boolean', width: 110 } },
    { name: 'cron', type: 'text', labelKey: 'announcementFeeds.fields.cron', required: true, maxLength: 100, list: { sortable: true, cell: 'feed-schedule' } },
    { name: 'timezone', type: 'text', labelKey: 'announcementFeeds.fields.timezone', required: true, maxLength: 64, views: ['show', 'form'] },
    { name: 'lastRunAt', type: 'datetime', labelKey: 'announcementFeeds.fields.lastRunAt', readOnly: true, list: { sortable: true, cell: 'relativeAge', width: 150 } },
    { name: 'lastRun', type: 'text', labelKey: 'announcementFeeds.fields.lastResult', readOnly: true, views: ['list', 'show'], list: { cell: 'feed-last-result' } },
    { name: 'nextRunAt', type: 'datetime', labelKey: 'announcementFeeds.fields.nextRunAt', readOnly: true, list: { sortable: true, cell: 'relativeAge', hidden: true } },
  ],
};
