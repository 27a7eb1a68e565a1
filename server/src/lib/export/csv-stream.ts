import { Readable } from 'node:stream';
import {
  booleanOf,
  isoWallText,
  looksLikeFormula,
  numberOf,
  textOf,
  wallClock,
  wallTimeOf,
  type ExportColumn,
  type ExportOptions,
  type ExportRecord,
  valueOf,
} from './cells.js';

// CSV as RFC 4180 writes it (comma, CRLF, fields with a quote, comma or line break quoted,
// quotes doubled), in UTF-8 with a byte-order mark, without which Excel reads it in the
// machine's legacy code page. Values are locale-neutral, for any program to read back:
// numbers with a dot, dates as YYYY-MM-DD (date-times with the time, in the reader's zone),
// booleans TRUE/FALSE. Text a spreadsheet would read as a formula gets a leading quote.

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const BOM = '\uFEFF';

/** One field as RFC 4180 writes it. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Text with a formula's first character made harmless. */
export function guardedText(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}

function csvValue(column: ExportColumn, value: unknown, clock: ReturnType<typeof wallClock>): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'integer':
    case 'number': {
      const number = numberOf(value, column.type);
      return number === undefined ? guardedText(textOf(value)) : String(number);
    }
    case 'boolean': {
      const flag = booleanOf(value);
      return flag === undefined ? guardedText(textOf(value)) : flag ? 'TRUE' : 'FALSE';
    }
    case 'date':
    case 'datetime': {
      const wall = wallTimeOf(value, clock);
      return wall === undefined ? guardedText(textOf(value)) : isoWallText(wall, column.type === 'datetime');
    }
    case 'text':
      return guardedText(textOf(value));
  }
}

const CHUNK_CHARS = 64 * 1024;

export async function* csvChunks(columns: readonly ExportColumn[], rows: AsyncIterable<ExportRecord>, options: ExportOptions = {}): AsyncGenerator<Buffer> {
  const clock = wallClock(options.timeZone);
  let pending = `${BOM}${columns.map((column) => csvField(guardedText(column.label))).join(',')}\r\n`;
  for await (const record of rows) {
    pending += `${columns.map((column) => csvField(csvValue(column, valueOf(column, record), clock))).join(',')}\r\n`;
    if (pending.length >= CHUNK_CHARS) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  yield Buffer.from(pending, 'utf8');
}

/** The CSV as a stream for reply.send: backpressure pauses the rows. */
export function csvStream(columns: readonly ExportColumn[], rows: AsyncIterable<ExportRecord>, options: ExportOptions = {}): Readable {
  return Readable.from(csvChunks(columns, rows, options), { objectMode: false, highWaterMark: 256 * 1024 });
}
