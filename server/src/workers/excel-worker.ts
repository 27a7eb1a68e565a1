import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { readCompanySheet, type CompanySheet } from '../../../common/domains/news/company-sheet.js';

// Builds and parses .xlsx files off the event loop: a 50 000-row sheet takes seconds of CPU,
// which on the main thread would stall every other request for as long.

export interface BuildJob {
  kind: 'build';
  sheetName: string;
  header: string[];
  rows: Array<Array<string | number | boolean | null>>;
}
export interface ParseCompaniesJob {
  kind: 'parse-companies';
  data: Uint8Array;
  maxRows: number;
}
export type ExcelJob = BuildJob | ParseCompaniesJob;

export type ExcelResult = { kind: 'build'; data: Uint8Array } | { kind: 'parse-companies'; parsed: CompanySheet };

const RISKY_START = /^[=+\-@\t\r]/;

/** Every value a text cell; a value Excel could take for a formula is marked text-formatted too. */
export function buildWorkbook(job: BuildJob): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([job.header, ...job.rows], { cellDates: false });
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    for (let c = range.s.c; c <= range.e.c; c += 1) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (cell?.t === 's' && typeof cell.v === 'string' && RISKY_START.test(cell.v)) {
        // A string cell is never evaluated; '@' (Text format) keeps it text when someone edits it.
        cell.z = '@';
        delete cell.f;
      }
    }
  }
  sheet['!cols'] = job.header.map((title) => ({ wch: Math.min(60, Math.max(12, title.length + 2)) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, job.sheetName);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

/** The rows of a companies upload, read and checked by the same code as the client's preview. */
export function parseCompanies(job: ParseCompaniesJob): CompanySheet {
  return readCompanySheet(XLSX, job.data, job.maxRows);
}

function run(job: ExcelJob): ExcelResult {
  if (job.kind === 'build') return { kind: 'build', data: buildWorkbook(job) };
  return { kind: 'parse-companies', parsed: parseCompanies(job) };
}

// One job per message, answered with {result} or {error}; the pool sends the next one after.
// `ready` (last, once SheetJS is loaded) starts the clock of the first job only then.
parentPort?.on('message', (job: ExcelJob) => {
  try {
    const result = run(job);
    const transfer = result.kind === 'build' ? [result.data.buffer as ArrayBuffer] : [];
    parentPort?.postMessage({ result }, transfer);
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
