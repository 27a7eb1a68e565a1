// What the public pages (login, register, forgot password) may use from the
// providers. They load before anything behind the login, so nothing here may
// import Refine or its query client at run time: a page importing index.ts
// instead would pull hooks.ts, and with it Refine, into the login route's chunks.
export { useAuthAction } from './auth-actions';
export { fieldErrorsOf, type FieldError } from './form-errors';
export { isAccountLocked, isApiError, serverMessageOf, type ApiError } from './http-error';
export { notify } from './notification-provider';
