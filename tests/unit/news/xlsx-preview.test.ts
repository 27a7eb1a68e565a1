import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { COMPANY_FIELDS, COMPANY_UPLOAD_MAX_BYTES } from '../../../common/domains/news/company-rules';
import { readCompanyWorkbook } from '../../../src/workers/xlsx-preview';
import { loadXlsxReader } from '../../../src/workers/xlsx-reader';
import { inflatingSheet, manyCells, manyEntries, manyRows, sharedStringsBomb } from '../../fixtures/xlsx-bombs';

// The preview worker's parser, run in Node on workbooks built here with the full build and read
// with the mini build the worker loads.
const reader = await loadXlsxReader();

type Cell = string | number | boolean | { f: string; v?: string | number };

function workbook(rows: Cell[][], sheetName = 'Companies'): ArrayBuffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((cell) => (typeof cell === 'object' ? null : cell))));
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (typeof cell === 'object') sheet[XLSX.utils.encode_cell({ r, c })] = { t: 'n', v: cell.v ?? 0, f: cell.f };
    }),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

const HEADER = [...COMPANY_FIELDS];
const row = (name: string, isin: string, extra: Partial<Record<string, Cell>> = {}): Cell[] =>
  COMPANY_FIELDS.map((field) => extra[field] ?? ({ compName: name, isin, isActive: 'TRUE' } as Record<string, Cell>)[field] ?? '');

describe('reading a companies upload for the preview', () => {
  it('reads every row with the sheet row number and no problems when valid', () => {
    const result = readCompanyWorkbook(reader, workbook([HEADER, row('Acme', 'US0378331005'), row('Beta Corp', 'GB0002634946', { email: 'a@b.example' })]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((entry) => [entry.row, entry.values.compName, entry.errors])).toEqual([
      [2, 'Acme', []],
      [3, 'Beta Corp', []],
    ]);
  });

  it('marks the bad row and its field; HTML, SQL and formulas are refused', () => {
    const result = readCompanyWorkbook(
      reader,
      workbook([
        HEADER,
        row('Acme', 'US0378331005'),
        row('<b>Bold</b>', 'GB0002634946'),
        row("x'; DROP TABLE companies;--", 'DE0007164600'),
        row('Calc', 'FR0000120271', { ticker: { f: 'SUM(1,2)', v: 3 } }),
        row('Again', 'US0378331005'),
      ]),
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.rows.map((entry) => [entry.row, entry.errors])).toEqual([
      [2, []],
      [3, [{ field: 'compName', reason: 'invalidCharacters' }]],
      [4, [{ field: 'compName', reason: 'invalidCharacters' }]],
      [5, [{ field: 'ticker', reason: 'formula' }]],
      [6, [{ field: 'isin', reason: 'duplicateIsin' }]],
    ]);
  });

  it('accepts the columns in any order but refuses wrong headers', () => {
    const shuffled = [...HEADER].reverse();
    const reversedRow = row('Acme', 'US0378331005').reverse();
    expect(readCompanyWorkbook(reader, workbook([shuffled, reversedRow])).ok).toBe(true);
    const wrong = readCompanyWorkbook(reader, workbook([['name', 'isin'], ['Acme', 'US0378331005']]));
    expect(wrong).toMatchObject({ ok: false, reason: 'wrongHeaders', headers: ['name', 'isin'] });
    const extra = readCompanyWorkbook(reader, workbook([[...HEADER, 'notes'], row('Acme', 'US0378331005')]));
    expect(extra).toMatchObject({ ok: false, reason: 'wrongHeaders' });
  });

  it('refuses an empty sheet, a header without rows, a renamed file and a file over 10 MB', () => {
    expect(readCompanyWorkbook(reader, workbook([]))).toMatchObject({ ok: false, reason: 'emptySheet' });
    expect(readCompanyWorkbook(reader, workbook([HEADER]))).toMatchObject({ ok: false, reason: 'emptySheet' });
    const text = new TextEncoder().encode('compName,isin\nAcme,US0378331005\n');
    expect(readCompanyWorkbook(reader, text.buffer)).toMatchObject({ ok: false, reason: 'notXlsx' });
    const zipNotXlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect(readCompanyWorkbook(reader, zipNotXlsx.buffer)).toMatchObject({ ok: false });
    expect(readCompanyWorkbook(reader, new ArrayBuffer(COMPANY_UPLOAD_MAX_BYTES + 1))).toMatchObject({ ok: false, reason: 'tooLarge' });
  });

  // Each bomb inflates up to 140 MB in JavaScript: more than the default 5 s on a busy machine.
  it.each([
    ['30 M shared strings', () => sharedStringsBomb(30_000_000), 'tooManyStrings'],
    ['a 400 MiB sheet', () => inflatingSheet(400), 'inflatedTooLarge'],
    ['2 000 parts', () => manyEntries(2_000), 'tooManyEntries'],
    ['2 M cells', () => manyCells(2_000_000), 'tooManyCells'],
    ['200 001 rows', () => manyRows(200_001), 'tooManyRows'],
  ])('refuses a zip bomb (%s) before SheetJS reads it, with the reason the server gives', (_name, bomb, reason) => {
    expect(readCompanyWorkbook(reader, new Uint8Array(bomb()).buffer)).toEqual({ ok: false, reason });
  }, 30_000);

  it('hands a workbook of the same build within the limits on to SheetJS', () => {
    expect(readCompanyWorkbook(reader, new Uint8Array(sharedStringsBomb(1_000)).buffer)).toMatchObject({ ok: false, reason: 'emptySheet' });
  });
});
