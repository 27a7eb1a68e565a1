import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { COMPANY_FIELDS, COMPANY_UPLOAD_MAX_BYTES } from '../../../src/resources/company-rules';
import { readCompanyWorkbook } from '../../../src/workers/xlsx-preview';
import { inflatingSheet, manyCells, manyEntries, manyRows, sharedStringsBomb } from '../../fixtures/xlsx-bombs';

// The preview worker's parser, run in Node on workbooks built here.

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
    const result = readCompanyWorkbook(XLSX, workbook([HEADER, row('Acme', 'US0378331005'), row('Beta Corp', 'GB0002634946', { email: 'a@b.example' })]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((entry) => [entry.row, entry.values.compName, entry.errors])).toEqual([
      [2, 'Acme', []],
      [3, 'Beta Corp', []],
    ]);
  });

  it('marks the bad row and its field; HTML, SQL and formulas are refused', () => {
    const result = readCompanyWorkbook(
      XLSX,
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
    expect(readCompanyWorkbook(XLSX, workbook([shuffled, reversedRow])).ok).toBe(true);
    const wrong = readCompanyWorkbook(XLSX, workbook([['name', 'isin'], ['Acme', 'US0378331005']]));
    expect(wrong).toMatchObject({ ok: false, reason: 'wrongHeaders', headers: ['name', 'isin'] });
    const extra = readCompanyWorkbook(XLSX, workbook([[...HEADER, 'notes'], row('Acme', 'US0378331005')]));
    expect(extra).toMatchObject({ ok: false, reason: 'wrongHeaders' });
  });

  it('refuses an empty sheet, a header without rows, a renamed file and a file over 10 MB', () => {
    expect(readCompanyWorkbook(XLSX, workbook([]))).toMatchObject({ ok: false, reason: 'emptySheet' });
    expect(readCompanyWorkbook(XLSX, workbook([HEADER]))).toMatchObject({ ok: false, reason: 'emptySheet' });
    const text = new TextEncoder().encode('compName,isin\nAcme,US0378331005\n');
    expect(readCompanyWorkbook(XLSX, text.buffer)).toMatchObject({ ok: false, reason: 'notXlsx' });
    const zipNotXlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect(readCompanyWorkbook(XLSX, zipNotXlsx.buffer)).toMatchObject({ ok: false });
    expect(readCompanyWorkbook(XLSX, new ArrayBuffer(COMPANY_UPLOAD_MAX_BYTES + 1))).toMatchObject({ ok: false, reason: 'tooLarge' });
  });

  it('refuses zip bombs before SheetJS reads them, with the reason the server gives', () => {
    const array = (file: Buffer) => new Uint8Array(file).buffer;
    expect(readCompanyWorkbook(XLSX, array(sharedStringsBomb(30_000_000)))).toEqual({ ok: false, reason: 'tooManyStrings' });
    expect(readCompanyWorkbook(XLSX, array(inflatingSheet(400)))).toEqual({ ok: false, reason: 'inflatedTooLarge' });
    expect(readCompanyWorkbook(XLSX, array(manyEntries(2_000)))).toEqual({ ok: false, reason: 'tooManyEntries' });
    expect(readCompanyWorkbook(XLSX, array(manyCells(2_000_000)))).toEqual({ ok: false, reason: 'tooManyCells' });
    expect(readCompanyWorkbook(XLSX, array(manyRows(200_001)))).toEqual({ ok: false, reason: 'tooManyRows' });
    // A bomb just under the limits is read: these files are streamed, not refused by their size alone.
    expect(readCompanyWorkbook(XLSX, array(sharedStringsBomb(1_000)))).toMatchObject({ ok: false, reason: 'emptySheet' });
  });
});
