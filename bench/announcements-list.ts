import type { FastifyInstance } from 'fastify';
import { encodeCursor } from '../server/src/modules/announcements/announcements-repository';
import type { Db } from '../server/src/db/index';
import { benchApp, loginCaller, timeListMix } from './news-list';
import { onEachDatabase, withBenchDatabase } from './scratch-database';

// The announcements review list through the real routes (sealed app.inject) on 1 000 000
// announcements: most published over a year, ~2 000 in the queue, duplicate pairs, 5 %
// unmatched. A mix of the queue's first and later pages, deep cursor pages of the other tabs,
// a company, unmatched rows and text search. Target: p95 <= 50 ms on PostgreSQL.
// `npx tsx bench/announcements-list.ts` (PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL).

const ROWS = Number(process.env.BENCH_ANNOUNCEMENTS ?? 1_000_000);
// PGlite (one WebAssembly connection) seeds a million rows slowly on two cores: a tenth by
// default. BENCH_PGLITE_ANNOUNCEMENTS=1000000 for the full size, 0 to skip.
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ANNOUNCEMENTS ?? Math.round(ROWS / 10));
const QUEUE = 2_000;
const COMPANIES = 2_000;
const CALLS = 400;
const WARMUP = 40;
const API = '/backoffice/api/be-api-management/announcements';

type Query = Record<string, string>;

/** `rows` announcements a minute apart at most (newest now), the last QUEUE of them in the queue. */
export async function seedAnnouncements(db: Db, rows: number): Promise<void> {
  const queueFrom = rows - QUEUE;
  await db.exec(`
    INSERT INTO companies (comp_name, isin, ticker)
      SELECT (ARRAY['Tata', 'Reliance', 'Infosys', 'Wipro', 'Adani', 'Bajaj', 'Mahindra', 'Godrej'])[1 + g % 8] || ' Bench ' || g || ' Ltd',
             'INB' || lpad(g::text, 9, '0'), 'BEN' || g
        FROM generate_series(1, ${COMPANIES}) g;
    CREATE TEMP TABLE bench_companies AS SELECT row_number() OVER (ORDER BY company_id) - 1 AS n, company_id FROM companies;
    INSERT INTO announcements (source, source_id, company_id, company_name, scrip_code, symbol, exchange_category, subject, summary,
        status, suppress_reason, retract_reason, published_at, critical, material, disseminated_at, ingested_at)
      SELECT CASE WHEN g % 2 = 0 THEN 'BSE' ELSE 'NSE' END, 'b' || g,
             CASE WHEN g % 20 = 7 THEN NULL ELSE c.company_id END,
             'Bench Company ' || (g % ${COMPANIES}), CASE WHEN g % 2 = 0 THEN (500000 + g % ${COMPANIES})::text ELSE '' END,
             CASE WHEN g % 2 = 1 THEN 'BEN' || (g % ${COMPANIES}) ELSE '' END,
             (ARRAY['Board Meeting', 'Result', 'Dividend', 'Insider Trading', 'AGM/EGM', 'Company Update'])[1 + g % 6],
             (ARRAY['Outcome of Board Meeting', 'Financial Results for the quarter', 'Dividend declared', 'Disclosure under SEBI (PIT)',
                    'Notice of Annual General Meeting', 'Clarification sought on news item'])[1 + g % 6] || ' #' || g,
             'Bench summary of announcement ' || g,
             CASE WHEN g > ${queueFrom} THEN (CASE WHEN g % 10 = 3 THEN 'ingested' ELSE 'needs_review' END)
                  WHEN g % 40 = 5 THEN 'suppressed' WHEN g % 200 = 9 THEN 'retracted' ELSE 'published' END,
             CASE WHEN g <= ${queueFrom} AND g % 40 = 5 THEN 'irrelevant' END,
             CASE WHEN g <= ${queueFrom} AND g % 200 = 9 THEN 'Filed in error' END,
             CASE WHEN g <= ${queueFrom} AND g % 40 <> 5 THEN now() - (${rows} - g) * interval '30 seconds' + interval '4 minutes' END,
             g % 50 = 0, g % 3 = 0,
             now() - (${rows} - g) * interval '30 seconds', now() - (${rows} - g) * interval '30 seconds'
        FROM generate_series(1, ${rows}) g JOIN bench_companies c ON c.n = g % ${COMPANIES}
        ORDER BY g;
    -- Duplicate pairs (the same filing on both exchanges): one in ten, the earlier leading.
    ALTER TABLE announcements DISABLE TRIGGER announcements_touch;
    UPDATE announcements SET group_id = id WHERE id % 10 = 1 AND id < ${rows};
    UPDATE announcements SET group_id = id - 1 WHERE id % 10 = 2;
    ALTER TABLE announcements ENABLE TRIGGER announcements_touch;
  `);
  for (const table of ['announcements', 'companies', 'users']) await db.query(`VACUUM ANALYZE ${table}`);
}

/** Deterministic mix of what the review screen asks for, the queue most often (`status=queue`: without a status the list is every status). */
async function scenarios(db: Db, rows: number): Promise<Array<{ name: string; query: Query }>> {
  let seed = 13;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  // Cursors at random depths, as a reader paging far down a tab gets them.
  const cursorAt = async (id: number) => {
    const { rows: found } = await db.query<{ at: string }>(
      `SELECT to_char(disseminated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM announcements WHERE id = $1`,
      [id],
    );
    return encodeCursor({ at: (found[0] as { at: string }).at, id });
  };
  const companies = (await db.query<{ id: string }>('SELECT company_id::text AS id FROM companies ORDER BY company_id')).rows.map((row) => row.id);
  const list: Array<{ name: string; query: Query }> = [];
  for (let index = 0; index < CALLS; index += 1) {
    const pageSize = String([50, 50, 100, 20][next(4)]);
    switch (index % 12) {
      case 0:
      case 1:
      case 2:
        list.push({ name: 'queue: first page', query: { status: 'queue', pageSize } });
        break;
      case 3:
        list.push({ name: 'queue: later page', query: { status: 'queue', pageSize, cursor: await cursorAt(rows - QUEUE + 1 + next(QUEUE - 100)) } });
        break;
      case 4:
        list.push({ name: 'tab: published first', query: { status: 'published', pageSize } });
        break;
      case 5:
        list.push({ name: 'tab: published deep', query: { status: 'published', pageSize, cursor: await cursorAt(1 + next(rows - QUEUE)) } });
        break;
      case 6: {
        const status = ['suppressed', 'retracted', 'all'][next(3)] as string;
        list.push({ name: 'tab: suppressed/retracted/all', query: { status, pageSize, ...(next(2) ? { cursor: await cursorAt(1 + next(rows)) } : {}) } });
        break;
      }
      case 7:
        list.push({ name: 'company (all)', query: { status: 'all', companyId: companies[next(companies.length)] as string, pageSize } });
        break;
      case 8:
        list.push({ name: 'queue: unmatched / critical', query: next(2) ? { status: 'queue', unmatched: 'true' } : { status: 'queue', critical: 'true', pageSize } });
        break;
      case 9:
        list.push({ name: 'queue: q', query: { status: 'queue', q: ['dividend', 'tata', 'board', `#${rows - next(QUEUE)}`][next(4)] as string } });
        break;
      case 10:
        list.push({ name: 'all: q (common word)', query: { status: 'all', q: ['dividend', 'results', 'reliance'][next(3)] as string, pageSize } });
        break;
      default:
        list.push({ name: 'published: source + from/to', query: { status: 'published', source: next(2) ? 'BSE' : 'NSE', from: new Date(Date.now() - (10 + next(200)) * 86_400_000).toISOString(), pageSize } });
    }
  }
  return list;
}

async function explain(db: Db, label: string, sql: string, params: unknown[]): Promise<void> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS OFF) ${sql}`, params);
  const plan = rows.map((row) => row['QUERY PLAN']);
  console.log(`  EXPLAIN ${label}: ${plan.at(-1)?.trim()}\n    ${plan.slice(0, 4).map((line) => line.trim()).join('\n    ')}`);
}

async function benchOn(label: string, db: Db, dataDir: string, config: string, rows: number): Promise<void> {
  console.log(`\n## Announcements list on ${label}: ${rows.toLocaleString('en')} announcements (${QUEUE.toLocaleString('en')} in the queue), ${CALLS} sealed calls`);
  const app: FastifyInstance = await benchApp(db, dataDir, config);
  try {
    const started = performance.now();
    await seedAnnouncements(db, rows);
    console.log(`seed + vacuum analyze   ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const page = `SELECT a.id FROM announcements a WHERE`;
    await explain(db, 'queue', `${page} a.status IN ('ingested', 'needs_review') ORDER BY a.disseminated_at, a.id LIMIT 51`, []);
    await explain(db, 'published deep', `${page} a.status = 'published' AND (a.disseminated_at, a.id) < (now() - interval '200 days', 1) ORDER BY a.disseminated_at DESC, a.id DESC LIMIT 51`, []);
    await explain(db, 'company', `${page} a.company_id = 5 ORDER BY a.disseminated_at DESC, a.id DESC LIMIT 51`, []);
    for (const term of ['dividend', `#${rows - 12_345}`]) {
      await explain(db, `q all '${term}'`, `${page} (a.subject || ' ' || a.summary || ' ' || a.company_name) ILIKE $1 ORDER BY a.disseminated_at DESC, a.id DESC LIMIT 51`, [`%${term}%`]);
    }
    await explain(db, 'capped count (published, in index order)', `SELECT count(*) FROM (SELECT 1 FROM announcements a WHERE a.status = 'published' ORDER BY a.disseminated_at DESC, a.id DESC LIMIT 10001) t`, []);

    const caller = await loginCaller(app);
    const mix = await scenarios(db, rows);
    await timeListMix(caller, mix.map((entry) => ({ ...entry, url: API })), WARMUP);
  } finally {
    await app.close();
  }
}

export async function benchAnnouncementsList(): Promise<void> {
  const words = (rows: number) => `${rows.toLocaleString('en')} rows`;
  await onEachDatabase('Announcements list', { size: ROWS, pgliteSize: PGLITE_ROWS, pgliteEnv: 'BENCH_PGLITE_ANNOUNCEMENTS', words }, (label, url, rows) =>
    withBenchDatabase(url, ['announcements'], (db, dataDir, config) => benchOn(label, db, dataDir, config, rows)),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAnnouncementsList();
