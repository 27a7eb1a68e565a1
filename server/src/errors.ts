import {
  fieldReasonText,
  serverMessage,
  type FieldReason,
  type FieldReasonCode,
  type MessageParams,
  type ServerMessageCode,
} from '../../common/messages.js';

/** A field's refusal: a code of the catalogue, with its values when the text has any. */
export type FieldRefusal = FieldReasonCode | FieldReason;

export interface HttpErrorOptions {
  /** Values of the message's `{{placeholders}}` (and `count` for its plural). */
  params?: MessageParams;
  headers?: Record<string, string>;
}

/**
 * A client error a handler means to answer as is. The error handler sends
 * `{message, code, errors?, reasons?}`: `message` and `errors` in English (API.md),
 * `code` and `reasons` for a client that words them in the reader's language.
 */
export class HttpError extends Error {
  readonly errors?: Record<string, string>;
  readonly reasons?: Record<string, FieldReason>;
  readonly params?: MessageParams;
  readonly headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    readonly code: ServerMessageCode,
    fields?: Record<string, FieldRefusal>,
    options: HttpErrorOptions = {},
  ) {
    super(serverMessage(code, options.params));
    this.name = 'HttpError';
    if (options.params) this.params = options.params;
    if (options.headers) this.headers = options.headers;
    if (fields && Object.keys(fields).length > 0) {
      this.reasons = Object.fromEntries(
        Object.entries(fields).map(([field, refusal]) => [field, typeof refusal === 'string' ? { code: refusal } : refusal]),
      );
      this.errors = Object.fromEntries(Object.entries(this.reasons).map(([field, reason]) => [field, fieldReasonText(reason)]));
    }
  }

  /** The answer's body. */
  toJSON(): { message: string; code: ServerMessageCode; params?: MessageParams; errors?: Record<string, string>; reasons?: Record<string, FieldReason> } {
    return {
      message: this.message,
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.errors ? { errors: this.errors, reasons: this.reasons } : {}),
    };
  }
}

/** The value, or a 404 with the catalogue's sentence: every "no such record" goes through here. */
export function orNotFound<T>(value: T | undefined | null, code: ServerMessageCode = 'notFound'): T {
  if (value === undefined || value === null) throw new HttpError(404, code);
  return value;
}

/** The body of an answer that carries only a catalogue message (successes, and errors sent without throwing). */
export function messageBody(code: ServerMessageCode, params?: MessageParams): { message: string; code: ServerMessageCode; params?: MessageParams } {
  return { message: serverMessage(code, params), code, ...(params ? { params } : {}) };
}

export const GENERIC_5XX_MESSAGE = serverMessage('generic');
export const NOT_FOUND_MESSAGE = serverMessage('notFound');
export const VALIDATION_MESSAGE = serverMessage('validation');
