import { COMPANY_UPLOAD_MAX_BYTES, hasXlsxMagic } from '../../common/domains/news/company-rules';
import { readCompanySheet, type CompanySheetRow, type UploadFailureReason, type XlsxReader } from '../../common/domains/news/company-sheet';
import { checkXlsxZip } from './xlsx-zip-check';

// Reading a companies upload for the preview. Pure: the worker passes in the
// lazily loaded reader (xlsx-reader.ts), and unit tests run the same code in Node. The
// sheet itself is read by the code the server runs on the upload.

export type PreviewRow = CompanySheetRow;

export type PreviewFailureReason = UploadFailureReason;

export type PreviewResult =
  | { ok: true; rows: PreviewRow[] }
  | { ok: false; reason: PreviewFailureReason; headers?: string[] };

/** Messages between the page and the worker. */
/** The File itself goes to the worker, which reads it: the page never copies the bytes. */
export type PreviewRequest = { type: 'parse'; file: Blob };
export type PreviewMessage =
  | { type: 'rows'; rows: PreviewRow[] }
  | { type: 'done'; total: number; invalid: number }
  | { type: 'failed'; reason: PreviewFailureReason; headers?: string[] };

/** Rows per message: small enough that receiving one never holds the page for long. */
export const PREVIEW_CHUNK_ROWS = 500;

export function readCompanyWorkbook(xlsx: XlsxReader, buffer: ArrayBuffer): PreviewResult {
  if (buffer.byteLength > COMPANY_UPLOAD_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  const bytes = new Uint8Array(buffer);
  // A renamed text or image file must not reach the parser, which would try to read it as CSV.
  if (!hasXlsxMagic(bytes)) return { ok: false, reason: 'notXlsx' };
  // A zip bomb is refused before SheetJS would hold all of it in the tab's memory.
  const refusal = checkXlsxZip(bytes);
  if (refusal) return { ok: false, reason: refusal };
  return readCompanySheet(xlsx, bytes);
}
