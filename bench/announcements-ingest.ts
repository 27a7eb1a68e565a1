import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDb } from '../server/src/db/index';
import { runFeed, type RunOutcome } from '../server/src/modules/announcements/ingest';
import { insertDemoCompanies } from '../server/src/modules/news/demo-rows';
import { shippedConfig, withAreas } from '../tests/fixtures/app-config';
import { benchApp } from './news-list';
import { withScratchDatabase } from './scratch-database';
import { ms } from './stats';

// Announcement ingestion (issue 13, "Must show"): one BSE feed and one NSE feed of 5 000 entries
// each (10 000 in all), a tenth of them the same disclosure filed on both exchanges (grouped),
// ten malformed entries in each, companies matched by name (BSE) and ISIN (NSE) among 2 000;
// then the same two feeds again (all known). Attachments are left out: each is a fetch and a
// short transaction of its own, after the timed insert. `npx tsx bench/announcements-ingest.ts`
// (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL).

const PER_FEED = 5000;
const DUPLICATES = 1000;
const MALFORMED = 10;
const COMPANIES = 2000;

const PREFIXES = ['Alpha', 'Bharat', 'Crest', 'Delta', 'Everest', 'Falcon', 'Ganga', 'Horizon', 'Indus', 'Jupiter', 'Kaveri', 'Lotus', 'Meridian', 'Nova', 'Orion', 'Pioneer', 'Quantum', 'Radiant', 'Summit', 'Trident', 'Unity', 'Vertex', 'Western', 'Zenith'];
const SUFFIXES = ['Industries', 'Holdings', 'Motors', 'Textiles', 'Pharma', 'Finance', 'Power', 'Steel', 'Foods', 'Logistics', 'Infotech', 'Cement', 'Chemicals', 'Realty', 'Telecom', 'Energy', 'Bank', 'Insurance', 'Media', 'Retail', 'Airlines'];
// BSE's subject and NSE's desc of the same kind of filing.
const TOPICS: Array<[string, string, string]> = [
  ['Board Meeting Outcome for Financial Results', 'Outcome of Board Meeting', 'Result'],
  ['Corporate Action-Board approves Dividend', 'Dividend', 'Corp. Action'],
  ['Announcement under Regulation 30 (LODR)-Credit Rating', 'Credit Rating', 'Company Update'],
  ['Closure of Trading Window', 'Trading Window', 'Insider Trading / SAST'],
  ['Announcement under Regulation 30 (LODR)-Acquisition', 'Acquisition', 'Company Update'],
  ['Intimation of Board Meeting', 'Board Meeting Intimation', 'Board Meeting'],
  ['Newspaper Publication', 'Newspaper Publication', 'Company Update'],
  ['Analysts/Institutional Investor Meet/Con. Call Updates', 'Analysts/Institutional Investor Meet/Con. Call Updates', 'Company Update'],
];

const demoCompany = (g: number) => ({
  name: `${PREFIXES[g % 24]} ${SUFFIXES[Math.floor(g / 24) % 21]}${g > 504 ? ` ${g}` : ''}`,
  isin: `INDEMO${String(g).padStart(6, '0')}`,
  symbol: `${PREFIXES[g % 24]?.slice(0, 3).toUpperCase()}${SUFFIXES[Math.floor(g / 24) % 21]?.slice(0, 2).toUpperCase()}${g}`,
});

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A time of 20 Nov 2026 spread over the trading day, `minutes` after 09:00 IST, as each exchange writes it. */
const bseTime = (minutes: number) => `2026-11-20T${pad(9 + Math.floor(minutes / 60))}:${pad(minutes % 60)}:17.250`;
const nseTime = (minutes: number) => `20-${MONTHS[10]}-2026 ${pad(9 + Math.floor(minutes / 60))}:${pad(minutes % 60)}:41`;

function feeds(): { bse: unknown; nse: unknown[] } {
  const bse: unknown[] = [];
  const nse: unknown[] = [];
  for (let i = 0; i < PER_FEED; i += 1) {
    const g = 1 + ((i * 7919) % COMPANIES);
    const company = demoCompany(g);
    const [subject, desc, category] = TOPICS[i % TOPICS.length] as [string, string, string];
    const minute = (i * 37) % 420;
    bse.push(
      i < MALFORMED
        ? { NEWSID: `bench-bse-${i}`, NEWSSUB: subject, DissemDT: 'not a date' }
        : {
            NEWSID: `bench-bse-${i}`,
            SCRIP_CD: 600000 + g,
            SLONGNAME: `${company.name} Ltd`,
            NEWSSUB: `${company.name} Ltd - ${600000 + g} - ${subject}`,
            HEADLINE: `${company.name} Ltd has informed the Exchange: ${subject.toLowerCase()}.`,
            CATEGORYNAME: category,
            SUBCATNAME: '',
            ATTACHMENTNAME: '',
            NEWS_DT: bseTime(minute),
            DissemDT: bseTime(minute),
            CRITICALNEWS: i % 50 === 0 ? 1 : 0,
          },
    );
    // The first DUPLICATES (past the malformed) are the same filings on NSE, 2 minutes later;
    // the rest are other companies' filings.
    const duplicate = i >= MALFORMED && i < MALFORMED + DUPLICATES;
    const other = duplicate ? company : demoCompany(1 + ((i * 104729 + 13) % COMPANIES));
    const otherTopic = TOPICS[(i + 3) % TOPICS.length] as [string, string, string];
    nse.push(
      i >= PER_FEED - MALFORMED
        ? { desc: 'No sequence id', an_dt: nseTime(0) }
        : {
            seq_id: `bench-nse-${i}`,
            symbol: other.symbol,
            sm_name: `${other.name} Limited`,
            sm_isin: other.isin,
            desc: duplicate ? desc : otherTopic[1],
            attchmntText: `${other.name} Limited has informed the Exchange.`,
            attchmntFile: '',
            an_dt: nseTime(duplicate ? minute + 2 : (minute + 200) % 420),
          },
    );
  }
  return { bse: { Table: bse }, nse };
}

const line = (label: string, figure: string) => console.log(`${label.padEnd(52)} ${figure}`);
const counts = (run: RunOutcome | null) =>
  run ? `inserted ${run.inserted}, known ${run.known}, grouped ${run.grouped}, unmatched ${run.unmatched}, malformed ${run.malformed}${run.error ? `, error ${run.error}` : ''}` : 'no run';

async function benchOn(label: string, databaseUrl: string, dir: string): Promise<void> {
  console.log(`\n## Announcement ingest on ${label}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-ann-'));
  const db = await openDb(databaseUrl, dataDir);
  try {
    const configFile = join(dataDir, 'app.json');
    writeFileSync(configFile, JSON.stringify(withAreas(shippedConfig(), ['announcements'])));
    const app = await benchApp(db, dataDir, configFile);
    try {
      await insertDemoCompanies(db, 1, COMPANIES);
      await db.query('ANALYZE companies');
      const feedIds: number[] = [];
      for (const [source, file] of [['BSE', 'bse.json'], ['NSE', 'nse.json']] as const) {
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO announcement_feeds (source, name, url, enabled) VALUES ($1, $2, $3, false) RETURNING id::int AS id`,
          [source, `Bench ${source}`, pathToFileURL(join(dir, file)).href],
        );
        feedIds.push((rows[0] as { id: number }).id);
      }
      for (const round of ['first run', 'second run (all known)']) {
        const started = performance.now();
        const outcomes: Array<RunOutcome | null> = [];
        for (const feedId of feedIds) {
          const one = performance.now();
          const outcome = await runFeed(app, { feedId, trigger: 'manual', createdBy: null });
          line(`  ${feedIds.indexOf(feedId) === 0 ? 'BSE' : 'NSE'} ${PER_FEED} entries, ${round}`, `${ms(performance.now() - one)}  (${counts(outcome)})`);
          outcomes.push(outcome);
        }
        line(`${PER_FEED * 2} entries, ${round}`, ms(performance.now() - started));
      }
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAnnouncementsIngest(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-feeds-'));
  try {
    const { bse, nse } = feeds();
    writeFileSync(join(dir, 'bse.json'), JSON.stringify(bse));
    writeFileSync(join(dir, 'nse.json'), JSON.stringify(nse));
    console.log(`(load average ${loadavg().map((value) => value.toFixed(2)).join(' ')})`);
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (postgresUrl) await withScratchDatabase(postgresUrl, (url) => benchOn('PostgreSQL', url, dir));
    else console.log('\nAnnouncement ingest on PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
    await benchOn('PGlite (in memory)', 'memory://', dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAnnouncementsIngest();
