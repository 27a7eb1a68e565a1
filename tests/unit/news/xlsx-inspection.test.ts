import { describe, expect, it } from 'vitest';
import { XLSX_LIMITS, XlsxInspection, type XlsxLimits } from '../../../common/xlsx-inspection';

// The counting behind the zip check, fed by hand: the limits, tags cut between chunks,
// namespace prefixes and upper case, and what must not count.

const bytes = (text: string) => new TextEncoder().encode(text);
const limits = (overrides: Partial<XlsxLimits>): XlsxLimits => ({ ...XLSX_LIMITS, ...overrides });

/** Feeds the text to one part in chunks of `size` bytes; the first refusal, or null. */
function feed(inspection: XlsxInspection, text: string, size = text.length) {
  const read = inspection.part();
  const all = bytes(text);
  for (let start = 0; start < all.length; start += size) {
    const verdict = read(all.subarray(start, start + size));
    if (verdict) return verdict;
  }
  return null;
}

describe('the .xlsx zip inspection', () => {
  it('derives its limits from the upload row limit', () => {
    expect(XLSX_LIMITS).toEqual({
      entries: 1000,
      inflatedBytes: 140_800_000,
      entryBytes: 100_000_000,
      rows: 100_000,
      cells: 1_100_000,
      strings: 1_100_000,
    });
  });

  it('passes a workbook within every limit', () => {
    const inspection = new XlsxInspection(limits({ rows: 2, cells: 4, strings: 2 }));
    expect(inspection.entries(10)).toBeNull();
    expect(feed(inspection, '<sst><si><t>a</t></si><si><t>b</t></si></sst>')).toBeNull();
    expect(feed(inspection, '<sheetData><row r="1"><c r="A1"/><c r="B1"><v>1</v></c></row><row r="2"><c/><c/></row></sheetData>')).toBeNull();
  });

  it('refuses too many zip entries before anything is inflated', () => {
    expect(new XlsxInspection().entries(1000)).toBeNull();
    expect(new XlsxInspection().entries(1001)).toBe('tooManyEntries');
  });

  it('counts shared strings, rows and cells one past the limit, in any chunking', () => {
    for (const size of [1, 2, 3, 7, 1000]) {
      expect(feed(new XlsxInspection(limits({ strings: 3 })), '<si/><si></si><si>x</si>', size)).toBeNull();
      expect(feed(new XlsxInspection(limits({ strings: 3 })), '<si/><si></si><si>x</si><si/>', size)).toBe('tooManyStrings');
      expect(feed(new XlsxInspection(limits({ rows: 2 })), '<row r="1"></row><row\nr="2"/><row\tr="3">', size)).toBe('tooManyRows');
      expect(feed(new XlsxInspection(limits({ cells: 2 })), '<c r="A1"/><c><v>1</v></c><c>', size)).toBe('tooManyCells');
    }
  });

  it('counts prefixed and upper-case names as SheetJS reads them, and nothing else', () => {
    const inspection = new XlsxInspection(limits({ cells: 3 }));
    expect(feed(inspection, '<x:c/><X:C r="A2"/><ns:c>', 2)).toBeNull();
    expect(feed(inspection, '<x:c/>', 2)).toBe('tooManyCells');

    const lookalikes = new XlsxInspection(limits({ cells: 0, rows: 0, strings: 0 }));
    expect(feed(lookalikes, '<cols><col/></cols><c:chart/><rows/><sic/><sheetView/></c><c:v>1</c:v><?c?><!-- x -->', 3)).toBeNull();
  });

  it('totals counts over every part of the workbook', () => {
    const inspection = new XlsxInspection(limits({ strings: 2 }));
    expect(feed(inspection, '<si/>')).toBeNull();
    expect(feed(inspection, '<si/>')).toBeNull();
    expect(feed(inspection, '<si/>')).toBe('tooManyStrings');
  });

  it('refuses a part or a workbook larger than its inflated limit at the chunk that passes it', () => {
    const part = new XlsxInspection(limits({ entryBytes: 10, inflatedBytes: 100 }));
    const read = part.part();
    expect(read(new Uint8Array(10))).toBeNull();
    expect(read(new Uint8Array(1))).toBe('inflatedTooLarge');

    const whole = new XlsxInspection(limits({ entryBytes: 10, inflatedBytes: 25 }));
    for (let index = 0; index < 2; index += 1) expect(whole.part()(new Uint8Array(10))).toBeNull();
    expect(whole.part()(new Uint8Array(6))).toBe('inflatedTooLarge');
  });
});
