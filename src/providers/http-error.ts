import type { HttpError, ValidationErrors } from '@refinedev/core';

/**
 * The one error shape the app throws for HTTP trouble: Refine reads
 * `statusCode` and `message`, antd forms read `errors` ({field: reason}).
 * `sessionEnded` tells the auth provider's onError to log out.
 */
export class ApiError extends Error implements HttpError {
  [key: string]: unknown;
  override name = 'HttpError';
  readonly statusCode: number;
  readonly errors?: ValidationErrors;
  readonly sessionEnded: boolean;
  /** The answer's body, for errors that are not `{field: reason}` (an upload's row list). */
  readonly body?: unknown;

  constructor(
    message: string,
    statusCode: number,
    { errors, sessionEnded = false, body }: { errors?: ValidationErrors; sessionEnded?: boolean; body?: unknown } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    if (errors) this.errors = errors;
    this.sessionEnded = sessionEnded;
    if (body !== undefined) this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** `{field: reason}` from a server body; anything else (such as row lists) is not form-field data. */
export function validationErrorsOf(body: unknown): ValidationErrors | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const errors = (body as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  const entries = Object.entries(errors).filter(
    (entry): entry is [string, string | string[]] =>
      typeof entry[1] === 'string' || (Array.isArray(entry[1]) && entry[1].every((item) => typeof item === 'string')),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
