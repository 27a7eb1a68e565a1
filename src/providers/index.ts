// What pages may use from the providers: hooks, types and small helpers, never
// the HTTP client or the session storage.
export type { Identity } from './auth-provider';
export { useAuthAction } from './auth-actions';
export { fieldErrorsOf, type FieldError } from './form-errors';
export { isAccountLocked, isApiError, serverMessageOf, type ApiError } from './http-error';
export { useIdentity, useRole } from './hooks';
export { notify } from './notification-provider';
export { uploadRowErrorsOf, type UploadRowError } from './news-errors';
export { isString, useRestoredList, useStoredState, VIEW_STATE_KEYS } from './view-state';
