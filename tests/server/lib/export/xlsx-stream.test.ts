import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { columnLetters, sheetNameOf, xlsxChunks, xlsxStream } from '../../../../server/src/lib/export/xlsx-stream';
import type { ExportColumn, ExportRecord } from '../../../../server/src/lib/export/cells';

// The streaming .xlsx writer: the file unzipped and its XML read back.

const COLUMNS: ExportColumn[] = [
  { field: 'id', label: 'Id', type: 'integer' },
  { field: 'name', label: 'Name', type: 'text', width: 40 },
  { field: 'price', label: 'Price', type: 'number' },
  { field: 'active', label: 'Active', type: 'boolean' },
  { field: 'day', label: 'Day', type: 'date' },
  { field: 'at', label: 'At', type: 'datetime' },
];

async function* records(list: readonly ExportRecord[]): AsyncGenerator<ExportRecord> {
  for (const record of list) yield record;
}

async function xlsxOf(list: readonly ExportRecord[], columns = COLUMNS, options = {}): Promise<Record<string, string>> {
  const parts: Uint8Array[] = [];
  for await (const chunk of xlsxChunks(columns, records(list), options)) parts.push(chunk);
  return Object.fromEntries(Object.entries(unzipSync(Buffer.concat(parts))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

function parsed(xml: string) {
  const errors: string[] = [];
  const report = (message: string) => errors.push(message);
  const document = new DOMParser({ errorHandler: { warning: report, error: report, fatalError: report } }).parseFromString(xml, 'application/xml');
  expect(errors).toEqual([]);
  return document;
}

function cellsOf(sheet: string) {
  const document = parsed(sheet);
  return [...Array.from(document.getElementsByTagName('c'))].map((cell) => ({
    ref: cell.getAttribute('r'),
    // xmldom answers '' for an attribute that is not there.
    type: cell.getAttribute('t') || null,
    style: cell.getAttribute('s') || null,
    value: cell.getElementsByTagName('v')[0]?.textContent ?? cell.getElementsByTagName('t')[0]?.textContent ?? null,
  }));
}

describe('xlsx writer', () => {
  it('writes the parts of a workbook, each well-formed XML', async () => {
    const files = await xlsxOf([{ id: 1, name: 'a' }]);
    expect(Object.keys(files).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    for (const xml of Object.values(files)) parsed(xml);
  });

  it('types every cell: numbers, booleans, dates as serials under date formats, text inline', async () => {
    const files = await xlsxOf([
      { id: '42', name: 'Zenith <Steel> & "Co"', price: 12.5, active: true, day: '2026-11-27', at: new Date('2026-11-27T11:04:27.000Z') },
      { id: '123456789012345678', name: null, price: 'n/a', active: false, day: null, at: '2026-01-01T00:00:00.000Z' },
    ]);
    const cells = cellsOf(files['xl/worksheets/sheet1.xml'] as string);
    const byRef = Object.fromEntries(cells.map((cell) => [cell.ref, cell]));
    // Header: bold (style 1), inline strings.
    expect(['A1', 'B1', 'C1', 'D1', 'E1', 'F1'].map((ref) => byRef[ref]?.value)).toEqual(['Id', 'Name', 'Price', 'Active', 'Day', 'At']);
    expect(byRef.A1).toMatchObject({ type: 'inlineStr', style: '1' });
    expect(byRef.A2).toEqual({ ref: 'A2', type: null, style: null, value: '42' });
    expect(byRef.B2).toMatchObject({ type: 'inlineStr', value: 'Zenith <Steel> & "Co"' });
    expect(byRef.C2).toMatchObject({ type: null, value: '12.5' });
    expect(byRef.D2).toMatchObject({ type: 'b', value: '1' });
    // 2026-11-27 is day 46353 of Excel's calendar; 11:04:27 is that fraction of the day.
    expect(byRef.E2).toMatchObject({ style: '2', value: '46353' });
    expect(Number(byRef.F2?.value)).toBeCloseTo(46353 + (11 * 3600 + 4 * 60 + 27) / 86400, 9);
    expect(byRef.F2?.style).toBe('3');
    // An id past Excel's 15 digits stays text; a value that is no number is text; nothing is no cell.
    expect(byRef.A3).toMatchObject({ type: 'inlineStr', value: '123456789012345678' });
    expect(byRef.C3).toMatchObject({ type: 'inlineStr', value: 'n/a' });
    expect(byRef.B3).toBeUndefined();
    expect(byRef.E3).toBeUndefined();
    expect(byRef.D3).toMatchObject({ type: 'b', value: '0' });
    expect(byRef.F3?.value).toBe('46023');
  });

  it('writes the date formats, widths before sheetData and a frozen header', async () => {
    const files = await xlsxOf([]);
    const styles = files['xl/styles.xml'] as string;
    expect(styles).toContain('numFmtId="14"');
    expect(styles).toContain('numFmtId="22"');
    const sheet = files['xl/worksheets/sheet1.xml'] as string;
    expect(sheet.indexOf('<cols>')).toBeGreaterThan(0);
    expect(sheet.indexOf('<cols>')).toBeLessThan(sheet.indexOf('<sheetData>'));
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    const widths = [...sheet.matchAll(/<col min="(\d+)" max="\d+" width="(\d+)"/g)].map((match) => Number(match[2]));
    expect(widths).toEqual([12, 40, 14, 9, 12, 18]);
  });

  it('writes date-times on the wall clock of the time zone asked for', async () => {
    const files = await xlsxOf([{ at: '2026-11-27T18:30:00.000Z' }], [{ field: 'at', label: 'At', type: 'datetime' }], { timeZone: 'Asia/Kolkata' });
    const [, cell] = cellsOf(files['xl/worksheets/sheet1.xml'] as string);
    // 18:30 UTC is midnight the next day in India (UTC+5:30).
    expect(Number(cell?.value)).toBeCloseTo(46354, 9);
  });

  it("marks text that reads as a formula with Excel's quote prefix, its value unchanged", async () => {
    const files = await xlsxOf(
      ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tTab', '\rCR', 'plain'].map((name) => ({ name })),
      [{ field: 'name', label: '=Header', type: 'text' }],
    );
    expect(files['xl/styles.xml']).toContain('quotePrefix="1"');
    const cells = cellsOf(files['xl/worksheets/sheet1.xml'] as string);
    expect(cells.map((cell) => cell.style)).toEqual(['5', '4', '4', '4', '4', '4', '4', null]);
    expect(cells[1]?.value).toBe('=HYPERLINK("http://x")');
  });

  it('leaves out characters XML cannot hold and cuts text at 32 767 characters', async () => {
    const files = await xlsxOf([{ name: 'a\u0000b\u0007c\uD800d' }, { name: 'x'.repeat(40_000) }], [{ field: 'name', label: 'Name', type: 'text' }]);
    const cells = cellsOf(files['xl/worksheets/sheet1.xml'] as string);
    expect(cells[1]?.value).toBe('abcd');
    expect(cells[2]?.value).toHaveLength(32_767);
  });

  it('names columns past Z and sheets as Excel allows', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(sheetNameOf('news/feeds: [all]?')).toBe('news feeds   all');
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
    expect(sheetNameOf('')).toBe('Sheet1');
  });

  it('reads the rows only as fast as the reader takes the bytes (backpressure)', async () => {
    let produced = 0;
    async function* many(): AsyncGenerator<ExportRecord> {
      for (let index = 0; index < 200_000; index += 1) {
        produced += 1;
        yield { id: index, name: `row ${index} ${'x'.repeat(50)}` };
      }
    }
    const stream = xlsxStream(COLUMNS, many());
    let taken = 0;
    // A reader that takes one chunk and then stops: the writer must stop reading rows soon after.
    await new Promise<void>((resolve) => {
      stream.once('data', (chunk: Buffer) => {
        taken += chunk.length;
        stream.pause();
        setTimeout(resolve, 200);
      });
    });
    expect(produced).toBeLessThan(50_000);
    stream.destroy();
    // And a reader that takes everything gets every row.
    produced = 0;
    let bytes = 0;
    await pipeline(
      xlsxStream(COLUMNS, many()),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    expect(produced).toBe(200_000);
    expect(bytes).toBeGreaterThan(taken);
  });
});
