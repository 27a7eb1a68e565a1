// What pages may use from the providers: hooks, types and small helpers, never
// the HTTP client or the session storage.
export type { Identity } from './auth-provider';
export * from './public';
export { useIdentity, useRole } from './hooks';
export { uploadRowErrorsOf, type UploadRowError } from './news-errors';
export { isString, useRestoredList, useStoredState, VIEW_STATE_KEYS } from './view-state';
// The list's query as the data provider sends it: an export asks the server for the same rows.
export { queryOfFilters, queryOfSorters } from './data-provider';
