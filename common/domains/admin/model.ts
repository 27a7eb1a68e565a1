// The admin area's vocabulary (users, enterprises, audit log): the values the server checks and
// the pages offer. Plain data only: the client's bundle takes these without TypeBox.

/** `pending` registered and not yet approved; only `active` users sign in. */
export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * Every audit log `entity` the modules write (server/src/lib/audit.ts callers and the registry's
 * `storage.auditEntity`): the audit log's entity filter offers them all. One missing here is
 * still listed and shown as recorded.
 */
export const AUDIT_ENTITIES = [
  'user', 'enterprise', 'company', 'news', 'data_correction', 'staff_notice', 'announcement-categories',
  'announcement', 'announcement_feed', 'kyc_subject', 'kyc_document', 'kyc_settings',
  'finview_output', 'finview_template', 'finview_rule', 'finview_plugin', 'finview_settings', 'finview_price_series',
  'list_view', 'list_preference',
] as const;

/**
 * The actions the audit log records (the services' own and the workflows' transition names),
 * which its action filter offers; an action missing here is still listed and shown as recorded.
 */
export const AUDIT_ACTIONS = [
  'register', 'create', 'update', 'delete', 'status', 'approve', 'disable', 'enable', 'reset-password', 'import', 'unlock',
  // KYC (docs/kyc.md): every look at a document is recorded too.
  'upload', 'reupload', 'view', 'download', 'reject', 'revision', 'reset', 'mask', 'claim',
  'publish', 'archive', 'cancel', 'retry', 'run', 'lock-takeover',
  // Data corrections' workflow (common/resources/data-corrections.ts).
  'startReview', 'fix', 'reopen',
] as const;
