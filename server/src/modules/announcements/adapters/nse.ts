import { attachmentUrl, EntryCollector, isMaterial, isRecord, longText, parseDayMonthIst, text, type ParsedFeed } from './entry.js';

// NSE's corporate announcements JSON: an array, or `{data: [...]}`. `desc` is both the subject
// and the category; `an_dt` is India time (`20-Nov-2026 18:02:37`); attachments are whole URLs.

const FIELDS = {
  sourceId: 'seq_id',
  symbol: 'symbol',
  companyName: 'sm_name',
  isin: 'sm_isin',
  subject: 'desc',
  exchangeCategory: 'desc',
  summary: 'attchmntText',
  attachmentUrl: 'attchmntFile',
  disseminatedAt: 'an_dt',
} as const;

export function parseNse(feed: unknown, base: string): ParsedFeed {
  const rows = Array.isArray(feed) ? feed : isRecord(feed) && Array.isArray(feed.data) ? (feed.data as unknown[]) : null;
  if (!rows) return { ok: false };
  const collector = new EntryCollector(FIELDS);
  rows.forEach((row, index) => {
    if (!isRecord(row)) return collector.refuse(index, null, 'entryNotObject', null);
    const desc = text(row.desc);
    collector.add(
      index,
      {
        sourceId: text(row.seq_id),
        scripCode: '',
        symbol: text(row.symbol).toUpperCase(),
        isin: text(row.sm_isin).toUpperCase(),
        companyName: text(row.sm_name),
        subject: desc,
        summary: longText(row.attchmntText),
        exchangeCategory: desc,
        exchangeSubcategory: '',
        // A bare name (fixtures, the demo) is read under the feed's attachment base.
        attachmentUrl: attachmentUrl(base, text(row.attchmntFile)),
        critical: false,
        material: isMaterial(desc),
      },
      parseDayMonthIst(row.an_dt),
      row,
    );
  });
  return { ok: true, entries: collector.entries, problems: collector.problems, total: rows.length };
}
