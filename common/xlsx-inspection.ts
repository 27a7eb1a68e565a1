import { COMPANY_FIELDS, COMPANY_UPLOAD_MAX_ROWS } from './domains/news/company-rules';

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
/** Longer than any local name counted. */
const LONG = 4;
/** Bytes walked by hand to the next '<' before handing over to indexOf (a call per tag costs more in dense XML). */
const NEAR = 32;

/** Whitespace, '>' or '/': the end of an element's name. */
function endsName(byte: number): boolean {
  return byte === 0x20 || byte === 0x3e || byte === 0x2f || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

const lower = (byte: number) => (byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte);

interface Counts {
  rows: number;
  cells: number;
  strings: number;
}

/** Counts a local name, lower case, if it is one SheetJS builds objects for. */
function countName(counts: Counts, name: string): void {
  if (name === 'c') counts.cells += 1;
  else if (name === 'row') counts.rows += 1;
  else if (name === 'si') counts.strings += 1;
}

/** The same for the local name in bytes from..to of chunk. */
function countBytes(counts: Counts, chunk: Uint8Array, from: number, to: number): void {
  const length = to - from;
  if (length === 1) {
    if (lower(chunk[from] as number) === 0x63) counts.cells += 1;
  } else if (length === 2) {
    if (lower(chunk[from] as number) === 0x73 && lower(chunk[from + 1] as number) === 0x69) counts.strings += 1;
  } else if (length === 3) {
    if (lower(chunk[from] as number) === 0x72 && lower(chunk[from + 1] as number) === 0x6f && lower(chunk[from + 2] as number) === 0x77) counts.rows += 1;
  }
}

/**
 * Counts the tags that open in chunk from `index` on; answers the local name read so far of a
 * tag cut by the chunk's end (lower case, at most LONG bytes), or null.
 */
function countTags(counts: Counts, chunk: Uint8Array, index: number): string | null {
  const end = chunk.length;
  let open = chunk.indexOf(LT, index);
  while (open >= 0) {
    let local = open + 1;
    let at = local;
    for (; at < end; at += 1) {
      const byte = chunk[at] as number;
      if (endsName(byte) || byte === LT) break;
      if (byte === COLON) local = at + 1;
    }
    if (at === end) {
      let cut = '';
      for (let byte = local; byte < end && cut.length < LONG; byte += 1) cut += String.fromCharCode(lower(chunk[byte] as number));
      return cut;
    }
    countBytes(counts, chunk, local, at);
    const near = Math.min(end, at + NEAR);
    while (at < near && chunk[at] !== LT) at += 1;
    open = at < near ? at : chunk.indexOf(LT, at);
  }
  return null;
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
  private readonly counts: Counts = { rows: 0, cells: 0, strings: 0 };

  constructor(readonly limits: XlsxLimits = XLSX_LIMITS) {}

  /** The zip's entry count, from its central directory, before anything is inflated. */
  entries(count: number): XlsxRefusal | null {
    return count > this.limits.entries ? 'tooManyEntries' : null;
  }

  part(): XlsxPartReader {
    let partBytes = 0;
    // The local name so far of a tag the previous chunk cut, or null.
    let cut: string | null = null;
    return (chunk) => {
      partBytes += chunk.length;
      this.bytes += chunk.length;
      if (partBytes > this.limits.entryBytes || this.bytes > this.limits.inflatedBytes) return 'inflatedTooLarge';
      let index = 0;
      for (; cut !== null && index < chunk.length; index += 1) {
        const byte = chunk[index] as number;
        if (endsName(byte) || byte === LT) {
          countName(this.counts, cut);
          cut = null;
        } else if (byte === COLON) cut = '';
        else if (cut.length < LONG) cut += String.fromCharCode(lower(byte));
      }
      if (cut === null) cut = countTags(this.counts, chunk, index === 0 ? 0 : index - 1);
      return this.verdict();
    };
  }

  private verdict(): XlsxRefusal | null {
    const { strings, rows, cells } = this.counts;
    if (strings > this.limits.strings) return 'tooManyStrings';
    if (rows > this.limits.rows) return 'tooManyRows';
    if (cells > this.limits.cells) return 'tooManyCells';
    return null;
  }
}
