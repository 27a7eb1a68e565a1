import { isApiError, type ApiError } from '../../providers';

/** The record's optimistic-concurrency counter: read with the record, sent back with its edit. */
export const VERSION_FIELD = 'version';

/** The server's answer to an edit of a record someone else changed since it was read (409 `staleEdit`). */
export function isStaleEdit(error: unknown): error is ApiError {
  if (!isApiError(error) || error.statusCode !== 409) return false;
  const body = error.body as { code?: unknown } | undefined;
  return body?.code === 'staleEdit';
}
