// The admin area's vocabulary (users, enterprises, audit log): the values the server checks and
// the pages offer. Plain data only: the client's bundle takes these without TypeBox.

/** `pending` registered and not yet approved; only `active` users sign in. */
export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The audit log `entity` values the modules' own services write (server/src/lib/audit.ts
 * callers); the generic resources' (`storage.auditEntity`) are added from the registry
 * (common/resources/audit-vocabulary.ts). One missing is still listed and shown as recorded.
 */
export const AUDIT_ENTITIES = [
  'user', 'enterprise', 'company', 'news',
  'announcement', 'announcement_feed', 'kyc_subject', 'kyc_document', 'kyc_settings',
  'finview_output', 'finview_template', 'finview_rule', 'finview_plugin', 'finview_settings', 'finview_price_series',
  'list_view', 'list_preference',
] as const;

/**
 * The actions the modules' own services record; the workflows' transition names are added from
 * the registry (common/resources/audit-vocabulary.ts). One missing is still listed and shown as recorded.
 */
export const AUDIT_ACTIONS = [
  'register', 'create', 'update', 'delete', 'status', 'approve', 'disable', 'enable', 'reset-password', 'import', 'unlock',
  // KYC (docs/kyc.md): every look at a document is recorded too.
  'upload', 'reupload', 'view', 'download', 'reject', 'revision', 'reset', 'mask', 'claim',
  'publish', 'archive', 'cancel', 'retry', 'run', 'lock-takeover',
] as const;
