import type { FeedProblem } from '../../../../../common/domains/announcements/model.js';

// What every exchange adapter makes of a feed (docs/announcements.md "Feeds and ingestion"):
// normalised entries ready for the announcements table, and the entries it refused.

export interface FeedEntry {
  sourceId: string;
  scripCode: string;
  symbol: string;
  isin: string;
  companyName: string;
  subject: string;
  summary: string;
  exchangeCategory: string;
  exchangeSubcategory: string;
  /** Where the PDF is ('' when none). */
  attachmentUrl: string;
  disseminatedAt: Date;
  critical: boolean;
  material: boolean;
  /** The entry as it came. */
  raw: unknown;
}

export type ParsedFeed = { ok: true; entries: FeedEntry[]; problems: FeedProblem[]; total: number } | { ok: false };

/** The announcements columns' limits: a longer value makes the entry malformed (entryTooLong). */
export const COLUMN_LIMITS = {
  sourceId: 100,
  isin: 20,
  scripCode: 20,
  symbol: 40,
  companyName: 300,
  exchangeCategory: 200,
  exchangeSubcategory: 200,
  subject: 500,
  summary: 10_000,
  attachmentUrl: 2000,
} as const satisfies Partial<Record<keyof FeedEntry, number>>;

/**
 * Regulation 30 material events (SEBI LODR Schedule III Part A, and what the exchanges file
 * under them): an entry whose category, subcategory or (NSE) description names one is material.
 */
export const MATERIAL_CATEGORIES: readonly RegExp[] = [
  /\bresults?\b/i,
  /\bdividend/i,
  /board meeting outcome|outcome of (the )?board meeting/i,
  /\bmerger|amalgamation|demerger|scheme of arrangement|acquisition|takeover|\bsast\b/i,
  /insider trading|\bpit\b/i,
  /buy ?back|\bbonus\b|stock split|sub-?division|rights issue/i,
  /credit rating/i,
  /\bfraud|\bdefault/i,
  /change in (directors|key managerial|auditor|management)|resignation/i,
  /\bpledge|delisting|insolvency|\bcirp\b|liquidation/i,
  /award of order|receipt of order/i,
];

export function isMaterial(...texts: readonly string[]): boolean {
  return texts.some((text) => text !== '' && MATERIAL_CATEGORIES.some((pattern) => pattern.test(text)));
}

/** A string field of an entry, trimmed with its inner runs of white space folded ('' when absent). */
export function text(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  return value.replace(/\s+/g, ' ').trim();
}

/** Keeps line breaks (summaries) but trims. */
export function longText(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : text(value);
}

const IST_OFFSET = '+05:30';
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_MONTH_YEAR = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function build(year: string, month: string, day: string, hour: string, minute: string, second = '00', fraction = '', zone = IST_OFFSET): Date | null {
  const zoned = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const millis = (fraction + '000').slice(0, 3);
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${zoned}`);
  if (Number.isNaN(date.getTime())) return null;
  // Date accepts 2026-02-31 (as 3 March): the calendar date must read back as written.
  const local = new Date(date.getTime() + (zoned === 'Z' ? 0 : offsetMinutes(zoned) * 60_000));
  if (local.getUTCDate() !== Number(day) || local.getUTCMonth() + 1 !== Number(month) || Number(hour) > 23) return null;
  return date;
}

function offsetMinutes(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
}

/** BSE's `2026-11-20T18:02:37.823` (India time when it names no zone). */
export function parseIsoIst(value: unknown): Date | null {
  const match = ISO_LOCAL.exec(text(value));
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match as unknown as string[];
  return build(year as string, month as string, day as string, hour as string, minute as string, second ?? '00', fraction ?? '', zone ?? IST_OFFSET);
}

/** NSE's `20-Nov-2026 18:02:37`, India time. */
export function parseDayMonthIst(value: unknown): Date | null {
  const match = DAY_MONTH_YEAR.exec(text(value));
  if (!match) return null;
  const [, day, monthName, year, hour, minute, second] = match as unknown as string[];
  const month = MONTHS.indexOf((monthName as string).toLowerCase()) + 1;
  if (month === 0) return null;
  return build(year as string, String(month).padStart(2, '0'), (day as string).padStart(2, '0'), hour as string, minute as string, second ?? '00');
}

/** An attachment's URL: a whole URL as is, a bare name after `base` ('' when there is no name). */
export function attachmentUrl(base: string, name: string): string {
  if (name === '') return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(name)) return name;
  return base === '' ? '' : base + name;
}

type Draft = Omit<FeedEntry, 'disseminatedAt' | 'raw'>;

/**
 * The shared tail of both adapters: an entry refused (with its reason) or kept. Ids repeated
 * within the feed are refused after the first.
 */
export class EntryCollector {
  readonly entries: FeedEntry[] = [];
  readonly problems: FeedProblem[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly fieldNames: Partial<Record<keyof FeedEntry, string>>) {}

  refuse(index: number, sourceId: string | null, reason: string, field: keyof FeedEntry | null, params?: Record<string, number>): void {
    this.problems.push({ index, sourceId: sourceId || null, reason, field: field === null ? null : (this.fieldNames[field] ?? field), ...(params ? { params } : {}) });
  }

  /** Checks `draft` and keeps it, or records why not. */
  add(index: number, draft: Draft, disseminatedAt: Date | null, raw: unknown): void {
    if (draft.sourceId === '') return this.refuse(index, null, 'entryMissing', 'sourceId');
    if (draft.subject === '') return this.refuse(index, draft.sourceId, 'entryMissing', 'subject');
    if (disseminatedAt === null) return this.refuse(index, draft.sourceId, 'entryBadDate', 'disseminatedAt');
    for (const [field, limit] of Object.entries(COLUMN_LIMITS) as Array<[keyof typeof COLUMN_LIMITS, number]>) {
      if (draft[field].length > limit) return this.refuse(index, draft.sourceId.slice(0, COLUMN_LIMITS.sourceId), 'entryTooLong', field, { limit });
    }
    if (this.seen.has(draft.sourceId)) return this.refuse(index, draft.sourceId, 'entryRepeated', 'sourceId');
    this.seen.add(draft.sourceId);
    this.entries.push({ ...draft, disseminatedAt, raw });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
