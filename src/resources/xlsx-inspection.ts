import { COMPANY_FIELDS, COMPANY_UPLOAD_MAX_ROWS } from './company-rules';

// What an uploaded .xlsx may hold once unpacked, checked while its zip is inflated and before
// SheetJS reads it: a 1 MB zip can inflate to gigabytes of XML, and SheetJS keeps every part
// whole in memory and builds an object for every shared string, row and cell it finds.
// Shared by the server's upload check and the browser's preview; each side walks the zip its
// own way and feeds the inflated bytes here. Pure: no Node, no DOM.

/**
 * A sheet up to twice the row limit is still read, so its answer names the row limit rather
 * than a zip limit; with one spare column beside the template's ten that is 1 100 000 cells.
 */
const ROWS_READ = 2 * COMPANY_UPLOAD_MAX_ROWS;
const CELLS_READ = ROWS_READ * (COMPANY_FIELDS.length + 1);
/**
 * Inflated bytes allowed per cell. A 50 000-row upload inflates to 24 MB (44 bytes a cell);
 * with every field at its longest, 84 MB (153 bytes a cell), well within 128 × 1 100 000.
 */
const BYTES_PER_CELL = 128;

export interface XlsxLimits {
  /** Parts in the zip: a one-sheet workbook has about ten, a big one a few hundred. */
  entries: number;
  /** All parts inflated: 140.8 MB. */
  inflatedBytes: number;
  /** One part inflated: the largest in a real upload, the sheet at every field's longest, is 84 MB. */
  entryBytes: number;
  /** `<row>` elements, every sheet together. */
  rows: number;
  /** `<c>` elements (cells), every sheet together. */
  cells: number;
  /** `<si>` elements (shared strings): one per cell at most. */
  strings: number;
}

export const XLSX_LIMITS: XlsxLimits = {
  entries: 1000,
  inflatedBytes: CELLS_READ * BYTES_PER_CELL,
  entryBytes: 100_000_000,
  rows: ROWS_READ,
  cells: CELLS_READ,
  strings: CELLS_READ,
};

/** Why a workbook is refused unread; the row count reuses the sheet reader's reason. */
export type XlsxRefusal = 'tooManyEntries' | 'inflatedTooLarge' | 'tooManyRows' | 'tooManyCells' | 'tooManyStrings';

/** The HTTP status each refusal answers: too large when inflated, or too many things in it. */
export const XLSX_REFUSAL_STATUS: Record<XlsxRefusal, 413 | 422> = {
  tooManyEntries: 422,
  inflatedTooLarge: 413,
  tooManyRows: 422,
  tooManyCells: 422,
  tooManyStrings: 422,
};

const LT = 0x3c;
const COLON = 0x3a;
/** Local names packed one byte each, lower case: the three elements SheetJS builds objects for. */
const ROW = (0x72 << 16) | (0x6f << 8) | 0x77;
const SI = (0x73 << 8) | 0x69;
const C = 0x63;
/** Longer than any name counted: stop packing. */
const LONG = 4;

/** Whitespace, '>' or '/': the end of an element's name. */
function endsName(byte: number): boolean {
  return byte === 0x20 || byte === 0x3e || byte === 0x2f || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** One part's reader: takes its inflated bytes in chunks, answers a refusal as soon as one is due. */
export type XlsxPartReader = (chunk: Uint8Array) => XlsxRefusal | null;

/**
 * The running totals of one workbook. Element names are matched with any namespace prefix
 * (`<x:c>`), in any case and in every part, as SheetJS's own patterns do; a tag cut between
 * two chunks is finished in the next. Counting a `<row>` in a comment or CDATA only errs
 * towards refusing.
 */
export class XlsxInspection {
  private bytes = 0;
  private rows = 0;
  private cells = 0;
  private strings = 0;

  constructor(readonly limits: XlsxLimits = XLSX_LIMITS) {}

  /** The zip's entry count, from its central directory, before anything is inflated. */
  entries(count: number): XlsxRefusal | null {
    return count > this.limits.entries ? 'tooManyEntries' : null;
  }

  part(): XlsxPartReader {
    let partBytes = 0;
    // -1: outside a tag name; otherwise the length of the local name read so far (LONG: too long).
    let length = -1;
    let name = 0;
    return (chunk) => {
      partBytes += chunk.length;
      this.bytes += chunk.length;
      if (partBytes > this.limits.entryBytes || this.bytes > this.limits.inflatedBytes) return 'inflatedTooLarge';
      let index = 0;
      while (index < chunk.length) {
        if (length < 0) {
          const open = chunk.indexOf(LT, index);
          if (open < 0) break;
          length = 0;
          name = 0;
          index = open + 1;
          continue;
        }
        const byte = chunk[index] as number;
        index += 1;
        if (endsName(byte)) {
          if (length === 1 && name === C) this.cells += 1;
          else if (length === 3 && name === ROW) this.rows += 1;
          else if (length === 2 && name === SI) this.strings += 1;
          length = -1;
        } else if (byte === COLON) {
          length = 0;
          name = 0;
        } else if (byte === LT) {
          length = 0;
          name = 0;
        } else if (length < LONG) {
          // ASCII letters to lower case; nothing counted has another byte.
          name = (name << 8) | (byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte);
          length += 1;
        }
      }
      return this.verdict();
    };
  }

  private verdict(): XlsxRefusal | null {
    if (this.strings > this.limits.strings) return 'tooManyStrings';
    if (this.rows > this.limits.rows) return 'tooManyRows';
    if (this.cells > this.limits.cells) return 'tooManyCells';
    return null;
  }
}
