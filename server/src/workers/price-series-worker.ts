import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

// Reads an uploaded price series (.xlsx or CSV) off the event loop (docs/finview.md "Price
// series"): the first sheet, a header row with a Date column and a Close, Value or Price column.

export interface PriceSeriesJob {
  data: Uint8Array;
  maxPoints: number;
}
export interface RowProblem {
  /** 1-based row of the sheet, as a spreadsheet shows it. */
  row: number;
  problem: 'date' | 'number';
}
export type PriceSeriesResult =
  | { ok: true; points: Array<{ day: string; value: number }> }
  | { ok: false; header: boolean; problems: RowProblem[] };

const DATE_HEADERS = ['date', 'day'];
const VALUE_HEADERS = ['close', 'value', 'price'];
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayOf(cell: unknown): string | null {
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) {
    // SheetJS builds dates at local midnight: read them back in local time.
    const shifted = new Date(cell.getTime() - cell.getTimezoneOffset() * 60_000);
    return shifted.toISOString().slice(0, 10);
  }
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : null;
}

function valueOf(cell: unknown): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string' || !cell.trim()) return null;
  const value = Number(cell.trim().replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

export function parsePriceSeries(job: PriceSeriesJob): PriceSeriesResult {
  const book = XLSX.read(job.data, { type: 'array', cellDates: true, dense: true, sheetRows: job.maxPoints + 2 });
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet) return { ok: false, header: false, problems: [] };
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: false, defval: null });
  const header = (rows[0] ?? []).map((cell) => String(cell ?? '').trim().toLowerCase());
  const dateAt = header.findIndex((title) => DATE_HEADERS.includes(title));
  const valueAt = header.findIndex((title) => VALUE_HEADERS.includes(title));
  if (dateAt < 0 || valueAt < 0) return { ok: false, header: false, problems: [] };
  const points = new Map<string, number>();
  const problems: RowProblem[] = [];
  rows.slice(1).forEach((row, index) => {
    const day = dayOf(row[dateAt]);
    const value = valueOf(row[valueAt]);
    if (day === null) problems.push({ row: index + 2, problem: 'date' });
    else if (value === null) problems.push({ row: index + 2, problem: 'number' });
    else points.set(day, value);
  });
  if (problems.length > 0) return { ok: false, header: true, problems: problems.slice(0, 20) };
  return { ok: true, points: [...points].map(([day, value]) => ({ day, value })).sort((a, b) => a.day.localeCompare(b.day)) };
}

parentPort?.on('message', (job: PriceSeriesJob) => {
  try {
    parentPort?.postMessage({ result: parsePriceSeries(job) });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
