import type { TFunction } from 'i18next';
import { serverMessageOf } from '../providers';

/** The reader-language message of a failed call (the http client already translated it), else the generic one. */
export function errorText(error: unknown, t: TFunction): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : t('errors.generic');
}

export function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** The message of a failed file request: its body is bytes too, so the server's JSON is read from them. */
export function fileErrorText(error: unknown, t: TFunction): string {
  const body = (error as { body?: unknown } | null)?.body;
  if (body instanceof ArrayBuffer) {
    try {
      const message = serverMessageOf(JSON.parse(new TextDecoder().decode(body)), t);
      if (message) return message;
    } catch {
      // Not JSON: the HTTP client's own words below.
    }
  }
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : t('errors.generic');
}
