import { parseArgs } from 'node:util';
import { openDb } from '../server/src/db/index.js';
import { migrate, readMigrations } from '../server/src/db/migrate.js';
import { loadEnv } from '../server/src/env.js';
import { seedNews } from '../server/src/modules/news/demo-rows.js';

// `npm run seed -- --news 1000000 [--companies 1000]`: fills DATABASE_URL, or the PGlite
// database in DATA_DIR, up to that many news items (a rerun only tops up).

const { values } = parseArgs({
  options: { news: { type: 'string', default: '1000000' }, companies: { type: 'string', default: '1000' } },
});
const total = Number(values.news);
const companies = Number(values.companies);
if (!Number.isInteger(total) || total < 0 || !Number.isInteger(companies) || companies < 1) {
  console.error('usage: npm run seed -- --news <count> [--companies <count>]');
  process.exit(2);
}

const env = loadEnv(process.env);
const db = await openDb(env.DATABASE_URL, env.DATA_DIR);
try {
  await migrate(db, await readMigrations());
  const started = performance.now();
  console.log(`seeding ${db.kind}: ${companies} companies, ${total} news items`);
  const { added } = await seedNews(db, {
    total,
    companies,
    onProgress: (done, of) => console.log(`  ${done.toLocaleString('en')} / ${of.toLocaleString('en')} news (${((performance.now() - started) / 1000).toFixed(1)} s)`),
  });
  console.log(`done: ${added} news items added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await db.close();
}
