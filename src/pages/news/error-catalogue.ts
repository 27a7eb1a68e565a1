import { UPLOAD_FAILURE_REASONS, type UploadFailureReason } from '../../../common/domains/news/company-sheet';

// The one place that decides what a news-management failure tells the reader,
// by operation and HTTP status (and a refused upload's reason). The legacy service
// answered some client errors with 404/500/415/400; this server answers 422
// (API.md): both map to the same catalogue message.

export type NewsOperation =
  | 'newsList'
  | 'newsDetails'
  | 'newsUpdate'
  | 'companyList'
  | 'companySearch'
  | 'companyDetails'
  | 'companyUpdate'
  | 'companyUpload'
  | 'excelDownload'
  | 'excelTemplate';

export type CatalogueOutcome =
  /** Nothing to show: the failure is silent, or the session watcher already told the reader. */
  | { kind: 'silent' }
  /** An empty result: shown as the list's empty text, not as an error. */
  | { kind: 'empty'; messageKey: string }
  | { kind: 'error'; messageKey: string }
  /** The server's own words (the legacy 400/415 status texts). */
  | { kind: 'error'; message: string };

type Translate = (key: string) => string;

const GENERIC = 'errors.generic';
const NO_DATA = 'news.errors.noData';
const INVALID_NEWS = 'news.errors.invalidNews';
const INVALID_COMPANY = 'news.errors.invalidCompany';

/** Standard reason phrases, for a legacy answer whose body carried no message. */
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 415: 'Unsupported Media Type' };

interface FailureLike {
  statusCode?: unknown;
  message?: unknown;
  sessionEnded?: unknown;
  body?: unknown;
}

function statusOf(error: unknown): number {
  const status = (error as FailureLike | null)?.statusCode;
  return typeof status === 'number' ? status : 0;
}

/** The text a server sent with its answer; the HTTP client puts "(status N)" there when there was none. */
function serverTextOf(error: unknown, status: number): string {
  const message = (error as FailureLike | null)?.message;
  const text = typeof message === 'string' ? message.trim() : '';
  return text !== '' && !/\(status \d+\)|\(estado \d+\)/.test(text) ? text : (STATUS_TEXT[status] ?? '');
}

/** The `reason` a refused upload's answer names, when it is one the client words. */
function uploadReasonOf(error: unknown): UploadFailureReason | null {
  const body = (error as FailureLike | null)?.body;
  const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
  return (UPLOAD_FAILURE_REASONS as readonly unknown[]).includes(reason) ? (reason as UploadFailureReason) : null;
}

export function catalogueOutcome(operation: NewsOperation, error: unknown): CatalogueOutcome {
  const status = statusOf(error);
  // The session watcher shows why a session ended and goes to login; a second message would only repeat it.
  if ((error as FailureLike | null)?.sessionEnded === true || status === 401) return { kind: 'silent' };
  switch (operation) {
    case 'newsList':
      return status === 404 ? { kind: 'empty', messageKey: NO_DATA } : { kind: 'error', messageKey: GENERIC };
    case 'newsDetails':
      return { kind: 'error', messageKey: GENERIC };
    case 'newsUpdate':
      if (status === 500 || status === 422) return { kind: 'error', messageKey: INVALID_NEWS };
      if (status === 400 || status === 415) {
        const text = serverTextOf(error, status);
        return text ? { kind: 'error', message: text } : { kind: 'error', messageKey: GENERIC };
      }
      return { kind: 'error', messageKey: GENERIC };
    case 'companyDetails':
      // A company deleted or an id mistyped in the URL: nothing to edit, not a failure.
      return status === 404 ? { kind: 'error', messageKey: NO_DATA } : { kind: 'error', messageKey: GENERIC };
    case 'companyUpdate':
      return status === 500 || status === 422
        ? { kind: 'error', messageKey: INVALID_COMPANY }
        : { kind: 'error', messageKey: GENERIC };
    case 'companyList':
    case 'companySearch':
      return { kind: 'silent' };
    case 'companyUpload': {
      const reason = uploadReasonOf(error);
      if (reason && (status === 413 || status === 422)) return { kind: 'error', messageKey: `news.upload.failed.${reason}` };
      if (status === 413) return { kind: 'error', messageKey: 'news.upload.failed.tooLarge' };
      if (status === 415) return { kind: 'error', messageKey: 'news.upload.failed.notXlsx' };
      if (status === 422 || status === 400) return { kind: 'error', messageKey: 'news.upload.rejected' };
      return { kind: 'error', messageKey: GENERIC };
    }
    case 'excelDownload':
    case 'excelTemplate':
      return { kind: 'error', messageKey: GENERIC };
  }
}

/** The outcome as one sentence, or null when nothing is to be shown. */
export function catalogueMessage(operation: NewsOperation, error: unknown, t: Translate): string | null {
  const outcome = catalogueOutcome(operation, error);
  if (outcome.kind === 'silent') return null;
  return 'message' in outcome ? outcome.message : t(outcome.messageKey);
}
