/** A client error a handler means to answer as is; the error handler turns it into `{message, errors?}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const GENERIC_5XX_MESSAGE = 'Something went wrong. Please try again later.';
export const NOT_FOUND_MESSAGE = 'Not found.';
export const VALIDATION_MESSAGE = 'Some fields are not valid.';
