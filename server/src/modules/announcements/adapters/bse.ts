import { attachmentUrl, EntryCollector, isMaterial, isRecord, longText, parseIsoIst, text, type ParsedFeed } from './entry.js';

// BSE's corporate announcements JSON (AnnGetData): `{Table: [...]}`, or the array alone.
// Dates are India time without a zone; attachments are file names under the feed's base.

const FIELDS = {
  sourceId: 'NEWSID',
  scripCode: 'SCRIP_CD',
  companyName: 'SLONGNAME',
  subject: 'NEWSSUB',
  summary: 'HEADLINE',
  exchangeCategory: 'CATEGORYNAME',
  exchangeSubcategory: 'SUBCATNAME',
  attachmentUrl: 'ATTACHMENTNAME',
  disseminatedAt: 'DissemDT',
} as const;

export function parseBse(feed: unknown, base: string): ParsedFeed {
  const rows = Array.isArray(feed) ? feed : isRecord(feed) && Array.isArray(feed.Table) ? (feed.Table as unknown[]) : null;
  if (!rows) return { ok: false };
  const collector = new EntryCollector(FIELDS);
  rows.forEach((row, index) => {
    if (!isRecord(row)) return collector.refuse(index, null, 'entryNotObject', null);
    const headline = longText(row.HEADLINE);
    const category = text(row.CATEGORYNAME);
    const subcategory = text(row.SUBCATNAME);
    const dissem = text(row.DissemDT) !== '' ? row.DissemDT : row.NEWS_DT;
    collector.add(
      index,
      {
        sourceId: text(row.NEWSID),
        scripCode: text(row.SCRIP_CD),
        symbol: '',
        isin: '',
        companyName: text(row.SLONGNAME),
        subject: text(row.NEWSSUB) || text(row.HEADLINE),
        summary: headline,
        exchangeCategory: category,
        exchangeSubcategory: subcategory,
        attachmentUrl: attachmentUrl(base, text(row.ATTACHMENTNAME)),
        critical: Number(row.CRITICALNEWS) === 1,
        material: isMaterial(category, subcategory),
      },
      parseIsoIst(dissem),
      row,
    );
  });
  return { ok: true, entries: collector.entries, problems: collector.problems, total: rows.length };
}
