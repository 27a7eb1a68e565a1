// What an exported cell is, whichever the format: a column's type decides how a value is
// written (a number as a number, a date as a date), and text that a spreadsheet would read
// as a formula is marked as text. Shared by the .xlsx and CSV writers.

export type ExportType = 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime';

export interface ExportColumn {
  /** The record's property. */
  field: string;
  /** The header, in the reader's language. */
  label: string;
  type: ExportType;
  /** Characters; derived from the type and the label when absent. */
  width?: number;
  /** The words written for each value (a select's options in the reader's language); other values as they are. */
  values?: Readonly<Record<string, string>>;
}

export type ExportRecord = Readonly<Record<string, unknown>>;

export interface ExportOptions {
  /** IANA zone the date-times are written in (spreadsheets have none); UTC by default. */
  timeZone?: string;
  /** The .xlsx sheet's name. */
  sheetName?: string;
}

/** At most this many rows in one export (the routes refuse more, before the first byte). */
export const EXPORT_ROW_LIMIT = 1_000_000;

/** Excel keeps at most this many characters in a cell; longer text is cut there. */
export const MAX_CELL_TEXT = 32_767;

/**
 * Characters that make a spreadsheet read text as a formula (= + - @) or that Excel strips
 * before reading one (tab, CR): OWASP's CSV injection list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** Excel's 15 significant digits: longer integers (bigint ids) would be rounded as numbers, so they stay text. */
const EXACT_INTEGER = /^-?\d{1,15}$/;

/** The number a value stands for, or undefined when it is not one (written as text instead). */
export function numberOf(value: unknown, type: 'integer' | 'number'): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return EXACT_INTEGER.test(String(value)) ? Number(value) : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (type === 'integer' && !EXACT_INTEGER.test(value.trim())) return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 't') return true;
  if (value === 'false' || value === 'f') return false;
  return undefined;
}

const MS_PER_DAY = 86_400_000;
/** 1899-12-30, day 0 of Excel's 1900 date system as every reader counts it (past its 1900 leap-year bug). */
const EXCEL_EPOCH_DAYS = 25_569;

/** Wall-clock fields of an instant in a zone, as milliseconds since 1970 read as UTC. */
export type WallClock = (instant: Date) => number;

/**
 * The wall clock of `timeZone`. Offsets change only at daylight-saving moves, so one Intl
 * call per hour of instants serves a whole export.
 */
export function wallClock(timeZone = 'UTC'): WallClock {
  if (timeZone === 'UTC') return (instant) => instant.getTime();
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  return (instant) => {
    const time = instant.getTime();
    const hour = Math.floor(time / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const parts = Object.fromEntries(format.formatToParts(new Date(hour * 3_600_000)).map((part) => [part.type, Number(part.value)]));
      offset = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0) - hour * 3_600_000;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(hour, offset);
    }
    return time + offset;
  };
}

/** True when the runtime knows the zone (an IANA name such as Asia/Kolkata). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date or date-time as local wall-clock milliseconds (read as UTC): a `YYYY-MM-DD` date
 * is that day, an instant (Date or ISO text) is read on `clock`.
 */
export function wallTimeOf(value: unknown, clock: WallClock): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : clock(value);
  if (typeof value !== 'string' || value === '') return undefined;
  const day = DATE_ONLY.exec(value);
  if (day) return Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : clock(instant);
}

/** Excel's serial day number of a wall-clock time: days since 1899-12-30, the time as a fraction. */
export function excelSerial(wallTime: number): number {
  return wallTime / MS_PER_DAY + EXCEL_EPOCH_DAYS;
}

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` of a wall-clock time, as CSV writes dates. */
export function isoWallText(wallTime: number, withTime: boolean): string {
  const text = new Date(wallTime).toISOString();
  return withTime ? `${text.slice(0, 10)} ${text.slice(11, 19)}` : text.slice(0, 10);
}

/** Any value as text: dates as ISO, objects as JSON, nothing as ''. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as number | boolean | bigint);
}

/** What a column's cell holds for a record: its value, or the words the column gives for it. */
export function valueOf(column: ExportColumn, record: ExportRecord): unknown {
  const value = record[column.field];
  if (!column.values || value === null || value === undefined) return value;
  return column.values[textOf(value)] ?? value;
}

/** Characters wide: the width the definition asks for, else one for the type, never narrower than the header. */
export function widthOf(column: ExportColumn): number {
  const byType: Record<ExportType, number> = { integer: 12, number: 14, boolean: 9, date: 12, datetime: 18, text: 30 };
  const wanted = column.width ?? byType[column.type];
  return Math.min(80, Math.max(wanted, column.label.length + 2, 6));
}
