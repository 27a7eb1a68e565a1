import { describe, expect, it } from 'vitest';
import { csvChunks, csvField, guardedText } from '../../../../server/src/lib/export/csv-stream';
import type { ExportColumn, ExportRecord } from '../../../../server/src/lib/export/cells';

// The streaming CSV writer: RFC 4180 quoting, the byte-order mark, typed values written
// locale-neutral, and the formula-injection guard.

async function csvOf(columns: ExportColumn[], list: readonly ExportRecord[], options = {}): Promise<Buffer> {
  async function* rows() {
    yield* list;
  }
  const parts: Buffer[] = [];
  for await (const chunk of csvChunks(columns, rows(), options)) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('CSV writer', () => {
  it('starts with a UTF-8 byte-order mark and ends each line with CRLF', async () => {
    const bytes = await csvOf([{ field: 'name', label: 'Nombre', type: 'text' }], [{ name: 'Año' }]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Nombre\r\nAño\r\n');
  });

  it('quotes fields with a quote, comma or line break, doubling quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('prefixes text that a spreadsheet would read as a formula with a quote, in cells and headers', async () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(guardedText(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(guardedText('1+1')).toBe('1+1');
    const text = (await csvOf([{ field: 'name', label: '=cmd', type: 'text' }], [{ name: '=HYPERLINK("http://evil")' }, { name: '-5' }])).subarray(3).toString('utf8');
    expect(text).toBe(`'=cmd\r\n"'=HYPERLINK(""http://evil"")"\r\n'-5\r\n`);
  });

  it('writes numbers with a dot, booleans TRUE/FALSE, dates ISO and date-times in the zone asked for; negative numbers stay numbers', async () => {
    const columns: ExportColumn[] = [
      { field: 'n', label: 'N', type: 'number' },
      { field: 'i', label: 'I', type: 'integer' },
      { field: 'b', label: 'B', type: 'boolean' },
      { field: 'd', label: 'D', type: 'date' },
      { field: 't', label: 'T', type: 'datetime' },
    ];
    const text = (
      await csvOf(columns, [{ n: -12.5, i: '7', b: true, d: '2026-11-27', t: new Date('2026-11-27T18:30:00Z') }, { n: null, i: undefined, b: false, d: '', t: null }], { timeZone: 'Asia/Kolkata' })
    )
      .subarray(3)
      .toString('utf8');
    expect(text).toBe('N,I,B,D,T\r\n-12.5,7,TRUE,2026-11-27,2026-11-28 00:00:00\r\n,,FALSE,,\r\n');
  });
});
