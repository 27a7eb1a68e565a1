import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBse } from '../../../server/src/modules/announcements/adapters/bse.js';
import { isMaterial, parseDayMonthIst, parseIsoIst } from '../../../server/src/modules/announcements/adapters/entry.js';
import { parseNse } from '../../../server/src/modules/announcements/adapters/nse.js';
import { assignGroups, sameDisclosure, subjectSimilarity, subjectWords } from '../../../server/src/modules/announcements/dedupe.js';

const fixture = (name: string) => JSON.parse(readFileSync(`tests/fixtures/announcements/${name}`, 'utf8')) as unknown;
const BASE = 'file:///feeds/';

describe('announcement adapters', () => {
  it('reads BSE entries field by field, India time when no zone is written', () => {
    const parsed = parseBse(fixture('bse.json'), BASE);
    if (!parsed.ok) throw new Error('not parsed');
    expect(parsed.total).toBe(5);
    expect(parsed.entries).toHaveLength(4);
    const [infosys] = parsed.entries;
    expect(infosys).toMatchObject({
      sourceId: '7c3e1b52-5d0f-4c1a-9f7e-2a6b8e0d4f11',
      scripCode: '500209',
      symbol: '',
      isin: '',
      companyName: 'Infosys Ltd',
      subject: 'Infosys Ltd - 500209 - Board Meeting Outcome for Financial Results For The Quarter Ended September 30, 2026',
      exchangeCategory: 'Result',
      exchangeSubcategory: 'Financial Results',
      attachmentUrl: 'file:///feeds/infy-results-q2.pdf',
      critical: true,
      material: true,
    });
    expect(infosys?.summary).toMatch(/^Infosys Limited has informed the Exchange/);
    // 18:02:37.823 in Kolkata is 12:32:37.823 UTC.
    expect(infosys?.disseminatedAt.toISOString()).toBe('2026-11-20T12:32:37.823Z');
    expect(parsed.entries[1]).toMatchObject({ attachmentUrl: '', critical: false, material: true });
    expect(parsed.entries[3]).toMatchObject({ material: false });
    expect(parsed.problems).toEqual([{ index: 3, sourceId: 'e6a4b2c9-1d7f-4b8e-9c3a-5f0d2e8b7a14', reason: 'entryBadDate', field: 'DissemDT' }]);
  });

  it('reads NSE entries: ISIN, symbol, desc as subject and category, an_dt in India time', () => {
    const parsed = parseNse(fixture('nse.json'), BASE);
    if (!parsed.ok) throw new Error('not parsed');
    expect(parsed.total).toBe(4);
    expect(parsed.entries[0]).toMatchObject({
      sourceId: '103958271',
      symbol: 'INFY',
      isin: 'INE009A01021',
      companyName: 'Infosys Limited',
      subject: 'Outcome of Board Meeting',
      exchangeCategory: 'Outcome of Board Meeting',
      exchangeSubcategory: '',
      attachmentUrl: 'file:///feeds/infy-outcome-nse.pdf',
      critical: false,
      material: true,
    });
    expect(parsed.entries[0]?.disseminatedAt.toISOString()).toBe('2026-11-20T12:35:12.000Z');
    expect(parsed.problems).toEqual([{ index: 3, sourceId: null, reason: 'entryMissing', field: 'seq_id' }]);
    // {data: [...]} is NSE's other shape; a whole URL stays as it is.
    const wrapped = parseNse({ data: [{ seq_id: 9, desc: 'Updates', an_dt: '01-Jan-2026 09:00:00', attchmntFile: 'https://nse.example/a.pdf' }] }, BASE);
    expect(wrapped.ok && wrapped.entries[0]?.attachmentUrl).toBe('https://nse.example/a.pdf');
  });

  it('refuses what is not the exchange’s shape', () => {
    expect(parseBse({ Table1: [] }, '').ok).toBe(false);
    expect(parseBse('text', '').ok).toBe(false);
    expect(parseNse({ rows: [] }, '').ok).toBe(false);
    expect(parseNse(null, '').ok).toBe(false);
    expect(parseBse([], '')).toEqual({ ok: true, entries: [], problems: [], total: 0 });
  });

  it('counts every kind of malformed entry and keeps the rest', () => {
    const good = { NEWSID: 'ok-1', NEWSSUB: 'Subject', DissemDT: '2026-11-20T10:00:00' };
    const parsed = parseBse(
      [
        'not an entry',
        { ...good, NEWSID: '' },
        { ...good, NEWSID: 'no-subject', NEWSSUB: '', HEADLINE: ' ' },
        { ...good, NEWSID: 'bad-date', DissemDT: '2026-02-31T10:00:00' },
        { ...good, NEWSID: 'too-long', NEWSSUB: 'x'.repeat(501) },
        good,
        good,
        { ...good, NEWSID: 'headline-only', NEWSSUB: '', HEADLINE: 'From the headline' },
        { ...good, NEWSID: 'news-dt', DissemDT: '', NEWS_DT: '2026-11-20T10:00:00+05:30' },
      ],
      '',
    );
    if (!parsed.ok) throw new Error('not parsed');
    expect(parsed.problems).toEqual([
      { index: 0, sourceId: null, reason: 'entryNotObject', field: null },
      { index: 1, sourceId: null, reason: 'entryMissing', field: 'NEWSID' },
      { index: 2, sourceId: 'no-subject', reason: 'entryMissing', field: 'NEWSSUB' },
      { index: 3, sourceId: 'bad-date', reason: 'entryBadDate', field: 'DissemDT' },
      { index: 4, sourceId: 'too-long', reason: 'entryTooLong', field: 'NEWSSUB', params: { limit: 500 } },
      { index: 6, sourceId: 'ok-1', reason: 'entryRepeated', field: 'NEWSID' },
    ]);
    expect(parsed.entries.map((entry) => [entry.sourceId, entry.subject])).toEqual([
      ['ok-1', 'Subject'],
      ['headline-only', 'From the headline'],
      ['news-dt', 'Subject'],
    ]);
  });

  it('reads the exchanges’ dates strictly', () => {
    expect(parseIsoIst('2026-11-20T18:02:37')?.toISOString()).toBe('2026-11-20T12:32:37.000Z');
    expect(parseIsoIst('2026-11-20 18:02')?.toISOString()).toBe('2026-11-20T12:32:00.000Z');
    expect(parseIsoIst('2026-11-20T18:02:37Z')?.toISOString()).toBe('2026-11-20T18:02:37.000Z');
    expect(parseIsoIst('2026-11-20T18:02:37.5+00:00')?.toISOString()).toBe('2026-11-20T18:02:37.500Z');
    expect(parseIsoIst('2026-11-31T10:00:00')).toBeNull();
    expect(parseIsoIst('2026-11-20T25:00:00')).toBeNull();
    expect(parseIsoIst('20/11/2026 15:30')).toBeNull();
    expect(parseIsoIst(null)).toBeNull();
    expect(parseDayMonthIst('01-Jan-2026 00:10:00')?.toISOString()).toBe('2025-12-31T18:40:00.000Z');
    expect(parseDayMonthIst('20-nov-2026 18:02')?.toISOString()).toBe('2026-11-20T12:32:00.000Z');
    expect(parseDayMonthIst('30-Feb-2026 10:00:00')).toBeNull();
    expect(parseDayMonthIst('20-Nox-2026 10:00:00')).toBeNull();
  });

  it('knows the Regulation 30 material categories', () => {
    expect(isMaterial('Result', 'Financial Results')).toBe(true);
    expect(isMaterial('Corp. Action', 'Dividend')).toBe(true);
    expect(isMaterial('Outcome of Board Meeting')).toBe(true);
    expect(isMaterial('Company Update', 'Amalgamation / Merger')).toBe(true);
    expect(isMaterial('Company Update', 'Newspaper Publication')).toBe(false);
    expect(isMaterial('Board Meeting', 'Board Meeting')).toBe(false);
  });
});

describe('announcement de-duplication', () => {
  const words = (subject: string, ...noise: string[]) => subjectWords(subject, noise);

  it('compares subjects without punctuation, stop words, the company’s name and codes', () => {
    const bse = words('Infosys Ltd - 500209 - Board Meeting Outcome for Financial Results', 'Infosys Ltd', '500209');
    expect([...bse].sort()).toEqual(['board', 'financial', 'meeting', 'outcome', 'results']);
    const nse = words('Outcome of Board Meeting', 'Infosys Limited', 'INFY');
    expect(subjectSimilarity(bse, nse)).toBe(1);
    expect(sameDisclosure(bse, nse)).toBe(true);
    expect(sameDisclosure(words('Intimation of Board Meeting for Buy Back'), words('Analysts/Institutional Investor Meet/Con. Call Updates'))).toBe(false);
    expect(subjectSimilarity(words('Credit rating reaffirmed by CRISIL'), words('Credit rating upgraded by ICRA'))).toBeCloseTo(2 / 6);
    expect(subjectSimilarity(words('the of'), words('Updates'))).toBe(0);
  });

  it('groups new rows earliest first, the earliest leading unless its group was decided', () => {
    const at = (minute: number) => Date.UTC(2026, 10, 20, 12, minute);
    // New 10 (BSE, 12:02) matches new 11 (NSE, 12:05): 10 leads.
    const pair = assignGroups(
      [
        { id: 11, groupId: null, disseminatedAt: at(5) },
        { id: 10, groupId: null, disseminatedAt: at(2) },
      ],
      new Map([
        [10, [{ id: 11, groupId: null, disseminatedAt: at(5), similarity: 1 }]],
        [11, [{ id: 10, groupId: null, disseminatedAt: at(2), similarity: 1 }]],
      ]),
      new Map(),
    );
    expect(pair).toEqual({ changes: new Map([[10, 10], [11, 10]]), grouped: 1 });
    // An earlier filing comes in late: it leads the existing group, members follow.
    const relead = assignGroups(
      [{ id: 20, groupId: null, disseminatedAt: at(0) }],
      new Map([[20, [{ id: 5, groupId: 5, disseminatedAt: at(3), similarity: 0.6 }]]]),
      new Map([
        [5, { id: 5, groupId: 5, disseminatedAt: at(3) }],
        [6, { id: 6, groupId: 5, disseminatedAt: at(4) }],
      ]),
    );
    expect(relead.changes).toEqual(new Map([[20, 20], [5, 20], [6, 20]]));
    // ...unless the group was published: then it joins as a member.
    const decided = assignGroups(
      [{ id: 20, groupId: null, disseminatedAt: at(0) }],
      new Map([[20, [{ id: 5, groupId: null, disseminatedAt: at(3), similarity: 1 }]]]),
      new Map([[5, { id: 5, groupId: null, disseminatedAt: at(3), decided: true }]]),
    );
    expect(decided.changes).toEqual(new Map([[5, 5], [20, 5]]));
  });
});
