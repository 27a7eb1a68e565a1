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

/** A sign-in refused because the account is locked: it needs the code mailed to its owner (423). */
export function isAccountLocked(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 423;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface CodedReason {
  code: string;
  params?: unknown;
}

function isCoded(value: unknown): value is CodedReason {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

function paramsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * `{field: reason}` from a server body, each reason in the reader's language where the
 * server sent its code (`reasons`), as sent otherwise. Anything else (such as an upload's
 * row list) is not form-field data.
 */
export function validationErrorsOf(body: unknown, t?: Translate): ValidationErrors | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { errors, reasons } = body as { errors?: unknown; reasons?: unknown };
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  const coded = paramsOf(reasons);
  const entries = Object.entries(errors)
    .filter(
      (entry): entry is [string, string | string[]] =>
        typeof entry[1] === 'string' || (Array.isArray(entry[1]) && entry[1].every((item) => typeof item === 'string')),
    )
    .map(([field, reason]): [string, string | string[]] => {
      const code = coded[field];
      return t && isCoded(code) && typeof reason === 'string' ? [field, fieldReasonOf(code, reason, t)] : [field, reason];
    });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** One field's (or one upload cell's) reason in the reader's words; `english` when the code is unknown. */
export function fieldReasonOf(reason: CodedReason, english: string, t: Translate): string {
  return t(`serverField.${reason.code}`, { ...paramsOf(reason.params), defaultValue: english });
}

/** The server's message in the reader's language where it sent a code, as sent otherwise. */
export function serverMessageOf(body: unknown, t?: Translate): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, code, params } = body as { message?: unknown; code?: unknown; params?: unknown };
  const english = typeof message === 'string' && message.trim() !== '' ? message : undefined;
  if (!t || typeof code !== 'string' || english === undefined) return english;
  return t(`server.${code}`, { ...paramsOf(params), defaultValue: english });
}
