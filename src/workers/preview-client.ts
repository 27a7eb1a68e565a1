import type { PreviewFailureReason, PreviewMessage, PreviewRequest, PreviewRow } from './xlsx-preview';

export type { PreviewFailureReason, PreviewRow };

export interface PreviewHandlers {
  /** Called once per chunk; rows arrive in sheet order. */
  onRows(rows: PreviewRow[]): void;
  onDone(summary: { total: number; invalid: number }): void;
  onFailed(reason: PreviewFailureReason, headers?: string[]): void;
}

export interface PreviewJob {
  cancel(): void;
}

/** Starts a fresh worker for one file; it is ended when the file is done, failed or replaced. */
export function previewCompaniesFile(file: Blob, handlers: PreviewHandlers): PreviewJob {
  // Vite recognises exactly this form and bundles the entry as a separate module worker.
  const worker = new Worker(new URL('./xlsx-preview.worker.ts', import.meta.url), { type: 'module' });
  let finished = false;
  const finish = () => {
    finished = true;
    worker.terminate();
  };
  worker.addEventListener('message', ({ data }: MessageEvent<PreviewMessage>) => {
    if (finished) return;
    if (data.type === 'rows') handlers.onRows(data.rows);
    else if (data.type === 'done') {
      finish();
      handlers.onDone({ total: data.total, invalid: data.invalid });
    } else {
      finish();
      handlers.onFailed(data.reason, data.headers);
    }
  });
  worker.addEventListener('error', () => {
    if (finished) return;
    finish();
    handlers.onFailed('unreadable');
  });
  const request: PreviewRequest = { type: 'parse', file };
  worker.postMessage(request);
  return { cancel: finish };
}
