import type { FieldOption, ResourceDefinition } from './types';

// Data corrections: a client reports an error in the firm's data (a company record, a news
// item or an announcement) and staff triage it, open → in review → fixed or rejected. The
// proof that a resource with a workflow needs nothing but this file, its registry line, its
// migration (021_data_corrections.sql) and its words: the generic module serves the records
// and the transitions, the generic pages draw the list, the form, the show page and the actions.

const SUBJECTS = ['company', 'newsItem', 'announcement'] as const;
const REJECT_REASONS = ['notAnError', 'duplicate', 'cannotReproduce', 'outOfScope'] as const;

const rejectReasons: FieldOption[] = REJECT_REASONS.map((value) => ({ value, labelKey: `dataCorrections.reasons.${value}` }));

export const dataCorrections: ResourceDefinition = {
  name: 'data-corrections',
  area: 'news-management',
  route: 'news-management/news/data-corrections',
  labelKey: 'dataCorrections.title',
  // One of src/shell/icons.tsx's: a new one would be a file beyond the definition.
  icon: 'EditOutlined',
  // Every member of staff reports; Admins edit (the assignee) and delete.
  minRole: 2,
  actionRoles: { edit: 1, delete: 1 },
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  endpoint: 'be-api-management/news/data-corrections',
  storage: {
    table: 'data_corrections',
    // Who reported it and who is on it, by name: analysts may not read the users list.
    readFrom: 'data_corrections_read',
    search: ['subjectRef', 'description'],
    defaultSort: 'reportedAt:desc',
    auditEntity: 'data_correction',
  },
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, list: { sortable: true, width: 90 } },
    {
      name: 'subjectType',
      type: 'select',
      labelKey: 'dataCorrections.fields.subjectType',
      required: true,
      default: 'company',
      options: SUBJECTS.map((value) => ({ value, labelKey: `dataCorrections.subjects.${value}` })),
      list: { sortable: true, filter: 'select', width: 150 },
    },
    { name: 'subjectRef', type: 'text', labelKey: 'dataCorrections.fields.subjectRef', required: true, maxLength: 200, rule: 'notBlank', list: { sortable: true, filter: 'text' } },
    { name: 'description', type: 'textarea', labelKey: 'dataCorrections.fields.description', required: true, maxLength: 2000, rule: 'notBlank', views: ['show', 'form'] },
    {
      name: 'status',
      type: 'select',
      labelKey: 'dataCorrections.fields.status',
      readOnly: true,
      default: 'open',
      options: ['open', 'in_review', 'fixed', 'rejected'].map((value) => ({ value, labelKey: `dataCorrections.states.${value}` })),
      list: { sortable: true, filter: 'select', width: 130 },
    },
    { name: 'assigneeId', type: 'reference', labelKey: 'dataCorrections.fields.assignee', default: null, reference: { resource: 'users', label: 'username' }, views: ['form'] },
    { name: 'assigneeName', type: 'text', labelKey: 'dataCorrections.fields.assignee', readOnly: true, list: { sortable: true, cell: 'user', width: 150 } },
    // Maker-checker compares with it; the name below is what people read.
    {
      name: 'reportedBy',
      type: 'reference',
      labelKey: 'dataCorrections.fields.reportedBy',
      readOnly: true,
      auto: 'actor',
      reference: { resource: 'users', label: 'username' },
      views: [],
    },
    { name: 'reporterName', type: 'text', labelKey: 'dataCorrections.fields.reportedBy', readOnly: true, list: { sortable: true, cell: 'user', width: 150 } },
    { name: 'reportedAt', type: 'datetime', labelKey: 'dataCorrections.fields.reportedAt', readOnly: true, auto: 'now', list: { sortable: true, cell: 'relativeAge', width: 150 } },
    { name: 'rejectReason', type: 'select', labelKey: 'dataCorrections.fields.rejectReason', readOnly: true, options: rejectReasons, list: { hidden: true, width: 170 } },
    { name: 'reviewComment', type: 'textarea', labelKey: 'dataCorrections.fields.reviewComment', readOnly: true, views: ['show'] },
    { name: 'updatedAt', type: 'datetime', labelKey: 'dataCorrections.fields.updatedAt', readOnly: true, views: ['show'] },
  ],
  workflow: {
    field: 'status',
    reasonField: 'rejectReason',
    commentField: 'reviewComment',
    states: [
      { value: 'open', labelKey: 'dataCorrections.states.open', color: 'processing' },
      { value: 'in_review', labelKey: 'dataCorrections.states.in_review', color: 'warning' },
      { value: 'fixed', labelKey: 'dataCorrections.states.fixed', color: 'success' },
      { value: 'rejected', labelKey: 'dataCorrections.states.rejected', color: 'default' },
    ],
    transitions: [
      { name: 'startReview', labelKey: 'dataCorrections.transitions.startReview', from: ['open'], to: 'in_review', minRole: 2, hotkey: 'i', bulk: true },
      {
        name: 'fix',
        labelKey: 'dataCorrections.transitions.fix',
        from: ['in_review'],
        to: 'fixed',
        minRole: 2,
        // Whoever reported the error may not also sign off its fix.
        notBy: 'reportedBy',
        comment: 'optional',
        hotkey: 'f',
        event: 'dataCorrection.fixed',
      },
      {
        name: 'reject',
        labelKey: 'dataCorrections.transitions.reject',
        from: ['open', 'in_review'],
        to: 'rejected',
        minRole: 1,
        reasons: rejectReasons,
        comment: 'optional',
        bulk: true,
        danger: true,
        hotkey: 'r',
        event: 'dataCorrection.rejected',
      },
      { name: 'reopen', labelKey: 'dataCorrections.transitions.reopen', from: ['rejected'], to: 'open', minRole: 1, comment: 'required' },
    ],
  },
  queues: [{ key: 'open', labelKey: 'dataCorrections.queues.open', filters: { status: 'open' }, ageField: 'reportedAt', targetMinutes: 24 * 60 }],
  list: { tabs: 'status' },
};
