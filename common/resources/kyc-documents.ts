import { KYC_DOCUMENT_TYPES, KYC_REASONS, KYC_STATUSES, KYC_TRANSITIONS, type KycDecision } from '../domains/kyc/model';
import type { FieldOption, ResourceDefinition, TransitionDefinition, WorkflowState } from './types';

// The review queue (the generic list) and one document's review (the generic show page with
// the `kyc-review` panel: the file viewer, the masking tool and the decision panel), from
// docs/kyc.md. Decisions are the workflow's transitions, served by the KYC module's own store
// (server/src/modules/kyc/transition-store.ts: maker-checker, the mask and scan checks before
// approval, the subject's status, audit). They are taken in the review panel only, where the
// masked image is shown beside "approve": never as a row, bulk or keyboard action.

const REVIEW_PANEL = 'kyc-review';

const reasons: FieldOption[] = KYC_REASONS.map((value) => ({ value, labelKey: `kyc.reasons.${value}` }));

const STATE_COLOURS: Record<(typeof KYC_STATUSES)[number], string> = {
  new: 'processing',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  revision: 'default',
};

const states: WorkflowState[] = KYC_STATUSES.map((value) => ({ value, labelKey: `kyc.status.${value}`, color: STATE_COLOURS[value] }));

function decision(name: KycDecision, extra: Partial<TransitionDefinition> = {}): TransitionDefinition {
  const { from, to } = KYC_TRANSITIONS[name];
  // Whoever uploaded the file under review does not decide on it (docs/kyc.md).
  return { name, labelKey: `kyc.decisions.${name}`, from, to, notBy: 'uploaderId', comment: 'optional', panel: REVIEW_PANEL, ...extra };
}

export const kycDocuments: ResourceDefinition = {
  name: 'kyc-documents',
  area: 'kyc-management',
  route: 'kyc-management/kyc/documents',
  endpoint: 'be-api-management/kyc/documents',
  labelKey: 'resources.kyc-documents',
  icon: 'FileProtectOutlined',
  minRole: 2,
  // `edit` is the right to claim, mask and decide (docs/kyc.md); no form edits a document, so
  // the edit route shows the review (page key `kyc-documents`).
  actions: ['list', 'show', 'edit'],
  actionPages: { edit: 'kyc-documents' },
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    { name: 'subjectName', type: 'text', labelKey: 'kyc.list.subject', required: true, readOnly: true, list: { sortable: true } },
    { name: 'subjectAadhaar', type: 'text', labelKey: 'kyc.fields.aadhaar', readOnly: true, list: { cell: 'masked', width: 170 } },
    {
      name: 'type',
      type: 'select',
      labelKey: 'kyc.list.type',
      readOnly: true,
      options: KYC_DOCUMENT_TYPES.map((value) => ({ value, labelKey: `kyc.types.${value}` })),
      list: { sortable: true, filter: 'multiSelect', width: 180 },
    },
    {
      name: 'status',
      type: 'select',
      labelKey: 'kyc.list.status',
      readOnly: true,
      options: states.map(({ value, labelKey }) => ({ value, labelKey })),
      list: { sortable: true, filter: 'multiSelect', width: 140 },
    },
    { name: 'uploadedBy', type: 'text', labelKey: 'kyc.list.uploadedBy', readOnly: true, list: { cell: 'user', width: 150 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'kyc.list.updated', readOnly: true, list: { sortable: true, cell: 'relativeAge', filter: 'dateRange', width: 150 } },
    // The API's filter takes `me` (or a user id: analysts may not read the users list to pick one).
    {
      name: 'assignee',
      type: 'select',
      labelKey: 'kyc.list.claimedBy',
      readOnly: true,
      options: [{ value: 'me', labelKey: 'kyc.list.me' }],
      list: { cell: 'user', filter: 'select', width: 150 },
    },
    // Maker-checker compares with it; `uploadedBy` is what people read.
    { name: 'uploaderId', type: 'text', labelKey: 'kyc.list.uploadedBy', readOnly: true, views: [] },
    { name: 'reason', type: 'select', labelKey: 'kyc.review.reason', readOnly: true, options: reasons, views: ['show'] },
    { name: 'comment', type: 'textarea', labelKey: 'kyc.review.comment', readOnly: true, maxLength: 1000, views: ['show'] },
    { name: 'decidedBy', type: 'text', labelKey: 'kyc.review.decidedBy', readOnly: true, list: { cell: 'user' }, views: ['show'] },
    { name: 'decidedAt', type: 'datetime', labelKey: 'kyc.fields.decidedAt', readOnly: true, views: ['show'] },
  ],
  workflow: {
    field: 'status',
    reasonField: 'reason',
    commentField: 'comment',
    states,
    transitions: [
      decision('approve'),
      decision('reject', { reasons, danger: true }),
      decision('revision', { reasons }),
      decision('reset'),
    ],
  },
  // `q`: part of the subject's name or PAN (docs/kyc.md).
  list: { tabs: 'status', search: ['subjectName', 'pan'] },
  panels: [REVIEW_PANEL],
  rowActions: ['kyc-claim'],
};
