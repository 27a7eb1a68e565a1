import { OUTPUT_STATUSES, TEMPLATE_KINDS } from '../domains/finview/model';
import type { FieldDefinition, ResourceDefinition, WorkflowDefinition } from './types';

// Videos and PDF reports with their render jobs (docs/finview.md "Outputs"), on the generic
// list and show page. The list endpoint speaks the generic protocol (page, pageSize,
// sort=field:dir, q, ?status=, ?approval=, ?kind=); the player, poster, download, retry and
// cancel are the named panel 'finview-output'; approval is the workflow below.

/** The fields of an output, shared by the videos list and the reports list (the same endpoint). */
export const OUTPUT_FIELDS: readonly FieldDefinition[] = [
  { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
  // Cheap: the poster's URL is asked for only for a succeeded output that has one, and the cell loads lazily.
  { name: 'hasPoster', type: 'boolean', labelKey: 'finviewVideos.poster', readOnly: true, views: ['list'], list: { cell: 'finview-poster', width: 110 } },
  { name: 'title', type: 'text', labelKey: 'finviewVideos.title', readOnly: true, list: { sortable: true } },
  { name: 'templateName', type: 'text', labelKey: 'finviewVideos.template', readOnly: true, list: { width: 180 } },
  { name: 'templateVersion', type: 'integer', labelKey: 'finview.outputs.templateVersion', readOnly: true, views: ['show'] },
  {
    name: 'kind',
    type: 'select',
    labelKey: 'finviewTemplates.kind',
    readOnly: true,
    options: TEMPLATE_KINDS.map((value) => ({ value, labelKey: `finviewTemplates.kinds.${value}` })),
    list: { hidden: true, width: 110 },
  },
  {
    name: 'status',
    type: 'select',
    labelKey: 'finviewVideos.statusLabel',
    readOnly: true,
    options: OUTPUT_STATUSES.map((value) => ({ value, labelKey: `finviewVideos.status.${value}` })),
    // The tag with a live bar while it renders.
    list: { sortable: true, filter: 'select', cell: 'finview-output-status', width: 170 },
  },
  {
    name: 'approval',
    type: 'select',
    labelKey: 'finviewVideos.approvalLabel',
    readOnly: true,
    options: [
      { value: 'none', labelKey: 'finviewVideos.approval.none' },
      { value: 'approved', labelKey: 'finviewVideos.approval.approved' },
    ],
    list: { filter: 'select', width: 170 },
  },
  { name: 'origin', type: 'select', labelKey: 'finview.outputs.origin', readOnly: true, list: { cell: 'finview-origin', width: 170 } },
  { name: 'createdBy', type: 'text', labelKey: 'finview.outputs.createdBy', readOnly: true, list: { cell: 'user', width: 140 } },
  { name: 'createdAt', type: 'datetime', labelKey: 'finviewVideos.createdAt', readOnly: true, list: { sortable: true, cell: 'relativeAge', width: 140 } },
  { name: 'durationSeconds', type: 'number', labelKey: 'finviewVideos.duration', readOnly: true, list: { cell: 'finview-duration', width: 100 } },
  { name: 'pages', type: 'integer', labelKey: 'finviewVideos.pages', readOnly: true, list: { cell: 'number', hidden: true, width: 90 } },
  { name: 'bytes', type: 'number', labelKey: 'finviewVideos.size', readOnly: true, list: { cell: 'finview-size', width: 100 } },
  { name: 'approvedBy', type: 'text', labelKey: 'finview.outputs.approvedBy', readOnly: true, views: ['show'], list: { cell: 'user' } },
  { name: 'approvedAt', type: 'datetime', labelKey: 'finview.outputs.approvedAt', readOnly: true, views: ['show'] },
  { name: 'finishedAt', type: 'datetime', labelKey: 'finview.outputs.finishedAt', readOnly: true, views: ['show'] },
  { name: 'expiresAt', type: 'datetime', labelKey: 'finviewVideos.expires', readOnly: true, views: ['show'], list: { cell: 'relativeAge' } },
  // Who made it (its user, else its rule's author): what maker-checker compares; never shown.
  { name: 'makerId', type: 'text', labelKey: 'finview.outputs.maker', readOnly: true, views: [] },
];

/**
 * Approval publishes a succeeded output: Admin+, never by its maker (docs/finview.md). The
 * outputs module's TransitionStore adds the rest of the old route's checks (succeeded only,
 * 409 finviewNotReady) and writes who approved and when.
 */
export const OUTPUT_WORKFLOW: WorkflowDefinition = {
  field: 'approval',
  states: [
    { value: 'none', labelKey: 'finviewVideos.approval.none', color: 'default' },
    { value: 'approved', labelKey: 'finviewVideos.approval.approved', color: 'success' },
  ],
  transitions: [
    { name: 'approve', labelKey: 'finviewVideos.approve', from: ['none'], to: 'approved', minRole: 1, notBy: 'makerId', bulk: true, hotkey: 'a' },
  ],
};

export const videos: ResourceDefinition = {
  name: 'videos',
  area: 'finview',
  route: 'finview/videos',
  endpoint: 'be-api-management/finview/outputs',
  labelKey: 'resources.videos',
  icon: 'PlayCircleOutlined',
  minRole: 2,
  // Cancel and retry are the panel's (any user, as `show`); approval the workflow's; no edit form.
  actions: ['list', 'show', 'delete'],
  module: 'FinView',
  fields: OUTPUT_FIELDS,
  workflow: OUTPUT_WORKFLOW,
  panels: ['finview-output'],
  // Videos and reports, as the page had them on two tabs (the reports list is its own resource when the Reports module is on).
  list: { tabs: 'kind', liveChannel: 'output', liveIgnores: ['progress'], openOnEnter: true, search: ['title', 'templateName'] },
};
