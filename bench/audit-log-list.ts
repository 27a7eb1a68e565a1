import type { Db } from '../server/src/db/index';
import { pick } from '../server/src/modules/news/demo-rows';
import { benchApp, loginCaller, timeListMix } from './news-list';
import { onEachDatabase, withBenchDatabase } from './scratch-database';

// The audit-log list through the real route (sealed app.inject) over a mix of filters, sorts
// and pages. Issue 14's target: p95 <= 15 ms at 10 000 000 records on PostgreSQL; the total
// is exact up to 10 000 and capped past it (x-total-capped), so no request counts millions.
// `npx tsx bench/audit-log-list.ts`; BENCH_AUDIT=10000000 for the size (a million by
// default, to keep `npm run bench` short); BENCH_PGLITE_AUDIT (default a quarter of a million, 0 skips).

const RECORDS = Number(process.env.BENCH_AUDIT ?? 1_000_000);
const PGLITE_RECORDS = Number(process.env.BENCH_PGLITE_AUDIT ?? 250_000);
const BATCH = 1_000_000;
const CALLS = 240;
const WARMUP = 24;
const ACTORS = 20;
const URL = '/backoffice/api/be-api-management/admin/audit-log';
const ENTITIES = ['news', 'company', 'user', 'enterprise', 'kyc_document', 'kyc_subject', 'announcement', 'finview_video'];
const ACTIONS = ['status', 'update', 'create', 'approve', 'import', 'disable', 'publish'];

/**
 * Records over the last two years from 20 staff (one in ten by the system), one actor
 * (`rareauditor`) on one record in ten thousand; in batches of a million, generated in the database.
 */
async function seedAudit(db: Db, total: number): Promise<void> {
  await db.exec(`INSERT INTO users (username, email, name, role, status, password_hash)
    SELECT 'auditbench' || g, 'auditbench' || g || '@bench.example', 'Auditor ' || g, 1, 'active', 'x' FROM generate_series(1, ${ACTORS}) g;
    INSERT INTO users (username, email, name, role, status, password_hash) VALUES ('rareauditor', 'rare@bench.example', 'Rare', 1, 'active', 'x')`);
  // Ten million random inserts into seven indexes get slower with every million: the
  // secondary indexes (as the migrations made them) are dropped for the load and built after.
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'audit_log' AND indexname <> 'audit_log_pkey'`,
  );
  for (const index of indexes) await db.exec(`DROP INDEX ${index.name}`);
  const started = performance.now();
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.query(
      `INSERT INTO audit_log (actor_username, entity, entity_id, action, before, after, at)
       SELECT CASE WHEN g % 10000 = 0 THEN 'rareauditor' WHEN g % 10 = 0 THEN NULL ELSE 'auditbench' || (1 + (g * 7) % ${ACTORS}) END,
              ${pick(ENTITIES, 'g')}, ((g * 7919) % 200000)::text, ${pick(ACTIONS, 'g / 3')},
              jsonb_build_object('newsStatus', 'PENDING', 'version', g % 5), jsonb_build_object('newsStatus', 'APPROVED', 'version', g % 5 + 1),
              date_trunc('second', now()) - ((g * 104729) % 63072000) * interval '1 second'
       FROM generate_series($1::bigint, $2::bigint) AS g`,
      [from, to],
    );
    console.log(`  seeded ${to.toLocaleString('en')} / ${total.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  for (const index of indexes) await db.exec(index.definition);
  console.log(`  ${indexes.length} indexes built (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  for (const table of ['audit_log', 'users']) await db.exec(`VACUUM ANALYZE ${table}`);
}

function day(offsetDays: number): string {
  return new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** Deterministic mix of what the audit page asks for, most often the default view. */
function scenarios(): Array<{ name: string; url: string; query: Record<string, string> }> {
  const list: Array<{ name: string; url: string; query: Record<string, string> }> = [];
  let seed = 5;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const add = (name: string, query: Record<string, string>) => list.push({ name, url: URL, query });
  for (let index = 0; index < CALLS; index += 1) {
    const page = String(1 + next(5));
    const pageSize = String([20, 20, 50, 100][next(4)]);
    const entity = ENTITIES[next(ENTITIES.length)] as string;
    switch (index % 12) {
      case 0:
      case 1:
      case 2:
        add('default (newest first)', { page, pageSize });
        break;
      case 3:
        add('entity', { entity, page, pageSize });
        break;
      case 4:
        add('entity + entity id', { entity, entityId: String(next(200_000)) });
        break;
      case 5:
        add('action + entity', { action: ACTIONS[next(ACTIONS.length)] as string, entity, page, pageSize });
        break;
      case 6: {
        const from = 30 + next(600);
        add('month', { dateFrom: day(from), dateTo: day(from - 30), page, pageSize });
        break;
      }
      case 7:
        add('actor (one of 20)', { actor: `auditbench${2 + next(ACTORS - 1)}`, page, pageSize });
        break;
      case 8:
        add('actor (rare)', { actor: next(2) ? 'rareaud' : 'RAREAUDITOR', page });
        break;
      case 9:
        add('other sorts', { sort: ['entity:asc', 'action:desc', 'actorUsername:asc', 'at:asc'][next(4)] as string, page, pageSize });
        break;
      case 10:
        add('deep page (offset 7 980)', { page: '400', pageSize: '20' });
        break;
      default:
        add('last page (offset 9 980)', { page: '500', pageSize: '20', ...(next(2) ? { entity } : {}) });
    }
  }
  return list;
}

async function benchOn(label: string, url: string, total: number): Promise<void> {
  console.log(`\n## Audit-log list on ${label}: ${total.toLocaleString('en')} records, ${CALLS} sealed calls through the route`);
  await withBenchDatabase(url, ['admin'], async (db, dataDir, config) => {
    const app = await benchApp(db, dataDir, config);
    try {
      const started = performance.now();
      await seedAudit(db, total);
      console.log(`seed + vacuum analyze   ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await timeListMix(await loginCaller(app), scenarios(), WARMUP, 15);
    } finally {
      await app.close();
    }
  });
}

export async function benchAuditLogList(): Promise<void> {
  const words = (size: number) => `${size.toLocaleString('en')} records`;
  await onEachDatabase('Audit-log list', { size: RECORDS, pgliteSize: PGLITE_RECORDS, pgliteEnv: 'BENCH_PGLITE_AUDIT', words }, benchOn);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAuditLogList();
