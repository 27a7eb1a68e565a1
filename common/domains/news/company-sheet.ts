import type { CellObject, WorkBook } from '@e965/xlsx';
import {
  checkCompany,
  COMPANY_FIELDS,
  COMPANY_UPLOAD_MAX_ROWS,
  type CompanyField,
  type CompanyFieldError,
} from './company-rules';

// Reading a companies upload, shared by the client's preview (a Web Worker) and the server's
// upload-companies (a worker thread), so both find the same rows, cells and problems in a file.
// The caller passes in @e965/xlsx, which each side loads its own way: this module loads nothing.

/** What reading a sheet needs of SheetJS: the server's full build or the preview worker's mini one. */
export type XlsxReader = Pick<typeof import('@e965/xlsx'), 'read'>;

/**
 * Why a whole upload is refused, by the browser's preview or by the server (its answer's
 * `reason`); the client words each one (news.upload.failed.*).
 */
export const UPLOAD_FAILURE_REASONS = [
  'tooLarge',
  'notXlsx',
  'unreadable',
  'emptySheet',
  'wrongHeaders',
  'tooManyRows',
  'tooManyEntries',
  'inflatedTooLarge',
  'tooManyCells',
  'tooManyStrings',
  'tooComplex',
] as const;
export type UploadFailureReason = (typeof UPLOAD_FAILURE_REASONS)[number];

export interface CompanySheetRow {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  /** Each cell as text, trimmed; a TRUE/FALSE cell as 'true'/'false'. */
  values: Record<CompanyField, string>;
  errors: CompanyFieldError[];
}

export type CompanySheet =
  | { ok: true; rows: CompanySheetRow[] }
  | { ok: false; reason: 'unreadable' | 'emptySheet' | 'tooManyRows' }
  | {
      ok: false;
      reason: 'wrongHeaders';
      /** The non-empty headers as found, the header row and what is missing or extra. */
      headers: string[];
      headerRow: number;
      missing: CompanyField[];
      unexpected: string[];
    };

/** A cell as text: whole numbers without ".0", dates as YYYY-MM-DD. */
function textOf(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number' && Number.isInteger(cell.v)) return String(cell.v);
  if (cell.t === 'd' && cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return String(cell.v);
}

/**
 * The first sheet, its headers checked against the template (any column order, each once,
 * nothing else), every row against the company rule; blank rows are skipped.
 */
export function readCompanySheet(xlsx: XlsxReader, bytes: Uint8Array, maxRows = COMPANY_UPLOAD_MAX_ROWS): CompanySheet {
  let workbook: WorkBook;
  try {
    // cellFormula is on only so a formula can be detected and refused; nothing is evaluated.
    // cellHTML off: rich text stays plain text. sheetRows bounds the work on a huge sheet.
    workbook = xlsx.read(bytes, {
      type: 'array',
      dense: true,
      cellFormula: true,
      cellHTML: false,
      cellStyles: false,
      cellDates: true,
      sheetRows: maxRows + 2,
    });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const firstName = workbook.SheetNames[0];
  const sheet = firstName ? workbook.Sheets[firstName] : undefined;
  const data = (sheet?.['!data'] ?? []) as (readonly (CellObject | undefined)[] | undefined)[];
  const first = data.findIndex((row) => row?.some((cell) => textOf(cell).trim() !== ''));
  if (first < 0) return { ok: false, reason: 'emptySheet' };

  const headers = (data[first] ?? []).map((cell) => textOf(cell).trim());
  const columns = new Map<string, number>();
  const unexpected: string[] = [];
  headers.forEach((header, index) => {
    if (header === '') return;
    if ((COMPANY_FIELDS as readonly string[]).includes(header) && !columns.has(header)) columns.set(header, index);
    else unexpected.push(header);
  });
  const missing = COMPANY_FIELDS.filter((field) => !columns.has(field));
  if (missing.length > 0 || unexpected.length > 0) {
    return { ok: false, reason: 'wrongHeaders', headers: headers.filter((header) => header !== ''), headerRow: first + 1, missing, unexpected };
  }

  const rows: CompanySheetRow[] = [];
  const seenIsin = new Set<string>();
  for (let index = first + 1; index < data.length; index += 1) {
    const cells = data[index];
    if (!cells || cells.every((cell) => textOf(cell).trim() === '')) continue;
    if (rows.length === maxRows) return { ok: false, reason: 'tooManyRows' };
    const values = {} as Record<CompanyField, string>;
    const formulas: CompanyField[] = [];
    for (const field of COMPANY_FIELDS) {
      const cell = cells[columns.get(field) as number];
      if (cell?.f) formulas.push(field);
      values[field] = field === 'isActive' && cell?.t === 'b' ? String(cell.v) : textOf(cell).trim();
    }
    // A formula's cached value could say anything: the row is refused, not read.
    const errors: CompanyFieldError[] =
      formulas.length > 0 ? formulas.map((field) => ({ field, reason: 'formula' as const })) : checkCompany(values);
    if (formulas.length === 0 && !errors.some((error) => error.field === 'isin')) {
      if (seenIsin.has(values.isin)) errors.push({ field: 'isin', reason: 'duplicateIsin' });
      else seenIsin.add(values.isin);
    }
    rows.push({ row: index + 1, values, errors });
  }
  if (rows.length === 0) return { ok: false, reason: 'emptySheet' };
  return { ok: true, rows };
}
