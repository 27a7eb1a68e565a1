import { COMPANY_UPLOAD_MAX_BYTES } from '../../common/domains/news/company-rules';
import { PREVIEW_CHUNK_ROWS, readCompanyWorkbook, type PreviewMessage, type PreviewRequest } from './xlsx-preview';
import type { XlsxReader } from '../../common/domains/news/company-sheet';
import { loadXlsxReader } from './xlsx-reader';

// Parses a companies upload off the main thread: the page only receives rows,
// in chunks, and never runs the spreadsheet parser itself.

interface PreviewWorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<PreviewRequest>) => void): void;
  postMessage(message: PreviewMessage): void;
}

const scope = globalThis as unknown as PreviewWorkerScope;

// Loaded on the first file, so the worker starts instantly and the parser is one cached chunk.
let xlsxModule: Promise<XlsxReader> | undefined;

scope.addEventListener('message', ({ data }) => {
  if (data.type !== 'parse') return;
  void (async () => {
    try {
      // Checked before reading, so a huge file is refused without loading it into memory.
      if (data.file.size > COMPANY_UPLOAD_MAX_BYTES) {
        scope.postMessage({ type: 'failed', reason: 'tooLarge' });
        return;
      }
      xlsxModule ??= loadXlsxReader();
      const [xlsx, buffer] = await Promise.all([xlsxModule, data.file.arrayBuffer()]);
      const result = readCompanyWorkbook(xlsx, buffer);
      if (!result.ok) {
        scope.postMessage({ type: 'failed', reason: result.reason, ...(result.headers ? { headers: result.headers } : {}) });
        return;
      }
      const { rows } = result;
      for (let start = 0; start < rows.length; start += PREVIEW_CHUNK_ROWS) {
        scope.postMessage({ type: 'rows', rows: rows.slice(start, start + PREVIEW_CHUNK_ROWS) });
      }
      scope.postMessage({ type: 'done', total: rows.length, invalid: rows.filter((row) => row.errors.length > 0).length });
    } catch {
      scope.postMessage({ type: 'failed', reason: 'unreadable' });
    }
  })();
});
