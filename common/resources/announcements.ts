import { ANNOUNCEMENT_SOURCES, ANNOUNCEMENT_STATUSES, SUPPRESS_REASONS, type AnnouncementStatus } from '../domains/announcements/model';
import type { FieldOption, ResourceDefinition, WorkflowState } from './types';

// Exchange disclosures and manual announcements (docs/announcements.md): the review queue is the
// generic list (status tabs, live refresh over the module's event stream, keyboard triage), one
// announcement the generic show page with the named panels `announcement-lock` (who else has it
// open: the soft lock) and `announcement-review` (the PDF, the group, the company link). The
// decisions are the workflow's transitions, served by the module's own store
// (server/src/modules/announcements/transition-store.ts: another reviewer's soft lock refuses
// them, a published group suppresses its other queued members). Merge, separate and the company
// link are named row actions. Decisions are every role's work; the taxonomy and the feeds are Admins'.

const STATE_COLOURS: Record<AnnouncementStatus, string> = {
  ingested: 'processing',
  needs_review: 'warning',
  published: 'success',
  suppressed: 'default',
  retracted: 'error',
};

const states: WorkflowState[] = ANNOUNCEMENT_STATUSES.map((value) => ({ value, labelKey: `announcements.status.${value}`, color: STATE_COLOURS[value] }));
const QUEUE = ['ingested', 'needs_review'];
const suppressReasons: FieldOption[] = SUPPRESS_REASONS.map((value) => ({ value, labelKey: `announcements.suppressReason.${value}` }));

export const announcements: ResourceDefinition = {
  name: 'announcements',
  area: 'announcements',
  route: 'announcements',
  endpoint: 'be-api-management/announcements',
  labelKey: 'resources.announcements',
  icon: 'NotificationOutlined',
  minRole: 2,
  // `edit` is the right to decide, link, merge and correct (every role, docs/announcements.md).
  actions: ['list', 'show', 'create', 'edit'],
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    // Ticking age since dissemination (the queue's "how long has it waited"), sorted and filtered by its date.
    {
      name: 'disseminatedAt',
      type: 'datetime',
      labelKey: 'announcements.columns.age',
      readOnly: true,
      views: ['list', 'show'],
      list: { sortable: true, filter: 'dateRange', cell: 'announcement-age', width: 110 },
    },
    {
      name: 'source',
      type: 'select',
      labelKey: 'announcements.columns.source',
      readOnly: true,
      // The exchanges' names are the feeds' words; a manual one is announcements'.
      options: ANNOUNCEMENT_SOURCES.map((value) => ({ value, labelKey: value === 'manual' ? 'announcements.source.manual' : `announcementFeeds.sources.${value}` })),
      views: ['list', 'show'],
      list: { filter: 'multiSelect', cell: 'announcement-source', width: 100 },
    },
    {
      name: 'companyId',
      type: 'reference',
      labelKey: 'announcements.columns.company',
      reference: { resource: 'companies', label: 'compName', value: 'companyId' },
      default: null,
      // The linked company's name, or "unmatched" with the source's own name.
      list: { filter: 'multiSelect', cell: 'announcement-company', width: 200 },
    },
    { name: 'subject', type: 'text', labelKey: 'announcements.columns.subject', required: true, maxLength: 500, list: { cell: 'announcement-subject', width: 380 } },
    // The duplicate group: "duplicate of #n" for a queued member (merge it with the row action), the group's size otherwise.
    { name: 'groupId', type: 'integer', labelKey: 'announcements.columns.group', readOnly: true, views: ['list'], list: { cell: 'announcement-group', width: 150 } },
    {
      name: 'categoryId',
      type: 'reference',
      labelKey: 'announcements.columns.category',
      reference: { resource: 'announcement-categories', label: 'name', value: 'id' },
      default: null,
      // The category's name and the critical / material tags.
      list: { filter: 'multiSelect', cell: 'announcement-tags', width: 180 },
    },
    { name: 'status', type: 'select', labelKey: 'announcements.columns.status', readOnly: true, options: states.map(({ value, labelKey }) => ({ value, labelKey })), list: { cell: 'status', width: 130 } },
    // Who has it open (an unexpired soft lock), live.
    { name: 'lock', type: 'text', labelKey: 'announcements.columns.openBy', readOnly: true, views: ['list'], list: { cell: 'announcement-lock', width: 140 } },
    { name: 'summary', type: 'textarea', labelKey: 'announcements.fields.summary', maxLength: 10_000, views: ['show', 'form'] },
    { name: 'critical', type: 'boolean', labelKey: 'announcements.flags.critical', default: false, views: ['show', 'form'] },
    { name: 'material', type: 'boolean', labelKey: 'announcements.flags.material', default: false, views: ['show', 'form'] },
    { name: 'suppressReason', type: 'select', labelKey: 'announcements.suppress.reason', readOnly: true, options: suppressReasons, views: ['show'] },
    { name: 'retractReason', type: 'textarea', labelKey: 'announcements.retract.reason', readOnly: true, maxLength: 500, views: ['show'] },
    { name: 'publishedAt', type: 'datetime', labelKey: 'announcements.fields.publishedAt', readOnly: true, views: ['show'] },
    { name: 'decidedBy', type: 'text', labelKey: 'announcements.fields.decidedBy', readOnly: true, list: { cell: 'user' }, views: ['show'] },
    { name: 'decidedAt', type: 'datetime', labelKey: 'announcements.fields.decidedAt', readOnly: true, views: ['show'] },
  ],
  workflow: {
    field: 'status',
    // Suppress's reason is picked from the list; retract's is the reviewer's own words (the workflow's comment).
    reasonField: 'suppressReason',
    commentField: 'retractReason',
    states,
    // The queue's keys as before: p publishes, s suppresses; every role decides (the edit role).
    transitions: [
      { name: 'publish', labelKey: 'announcements.actions.publish', from: QUEUE, to: 'published', hotkey: 'p', event: 'announcement.published' },
      { name: 'suppress', labelKey: 'announcements.actions.suppress', from: QUEUE, to: 'suppressed', reasons: suppressReasons, bulk: true, hotkey: 's', event: 'announcement.suppressed' },
      { name: 'reopen', labelKey: 'announcements.actions.reopen', from: ['suppressed'], to: 'needs_review', bulk: true, event: 'announcement.reopened' },
      { name: 'retract', labelKey: 'announcements.actions.retract', from: ['published'], to: 'retracted', comment: 'required', danger: true, event: 'announcement.retracted' },
    ],
  },
  // `q`: subject, summary and the company's name as the row carries it.
  list: { tabs: 'status', liveChannel: 'announcements', openOnEnter: true, search: ['subject', 'summary', 'companyName'], export: true },
  panels: ['announcement-lock', 'announcement-review'],
  rowActions: ['announcement-merge', 'announcement-separate', 'announcement-company'],
};
