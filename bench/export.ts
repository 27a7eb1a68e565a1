import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../server/src/db/index';
import { migrate, readMigrations } from '../server/src/db/migrate';
import { seedNews } from '../server/src/modules/news/demo-rows';
import { newsConfigFile } from './news-list';
import { withScratchDatabase } from './scratch-database';
import { login, sealed, startServe } from './serve-process';
import { ms } from './stats';

// Export of 100 000 news items as .xlsx through the sealed route (POST
// be-api-management/news/news/export, every column), against the server as `npm run serve`
// starts it in its own process, so its RSS is the server's alone: sampled every 25 ms
// while the file streams. Target: RSS growth < 100 MB (issue 25).

const ITEMS = Number(process.env.BENCH_EXPORT_ITEMS ?? 100_000);
const SAMPLE_MS = 25;
const SECRET_KEY = randomBytes(32).toString('base64');
const COLUMNS = ['newsItemId', 'tableName', 'companyId', 'companyName', 'headline', 'summary', 'source', 'url', 'publishedAt', 'newsStatus', 'updatedAt', 'updatedBy'];

const mb = (value: number) => `${value.toFixed(0)} MB`;

async function benchOne(label: string, databaseUrl?: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-export-'));
  try {
    const db = await openDb(databaseUrl, dataDir);
    try {
      await migrate(db, await readMigrations());
      await seedNews(db, { total: ITEMS });
    } finally {
      await db.close();
    }
    const server = await startServe(dataDir, databaseUrl, { APP_CONFIG: newsConfigFile(dataDir), SECRET_KEY });
    try {
      const session = await login(server.api);
      const body = JSON.stringify({ format: 'xlsx', columns: COLUMNS.map((field) => ({ field, label: field })), query: {}, timeZone: 'Asia/Kolkata' });
      // A first, smaller run warms the route (schemas compiled, statements prepared), as a running server has.
      await fetch(`${server.api}/be-api-management/news/news/export`, {
        method: 'POST',
        headers: { ...sealed(session), 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'xlsx', columns: [{ field: 'headline', label: 'h' }], query: { newsStatus: 'REJECTED', dateFrom: new Date(Date.now() - 86_400_000 * 3).toISOString().slice(0, 10) } }),
      }).then((response) => response.arrayBuffer());
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const before = server.memory().rss;
      server.resetPeak();
      let highest = before;
      const sampler = setInterval(() => (highest = Math.max(highest, server.memory().rss)), SAMPLE_MS);
      const started = performance.now();
      const response = await fetch(`${server.api}/be-api-management/news/news/export`, {
        method: 'POST',
        headers: { ...sealed(session), 'content-type': 'application/json' },
        body,
      });
      let bytes = 0;
      let firstByte = 0;
      const reader = response.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
        if (bytes === 0) firstByte = performance.now() - started;
        bytes += read.value.length;
      }
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      const { rss, peak } = server.memory();
      highest = Math.max(highest, rss, peak);
      console.log(
        `${label.padEnd(11)} ${ITEMS.toLocaleString('en')} items x ${COLUMNS.length} columns  -> ${response.status}  ${(bytes / 1024 / 1024).toFixed(1)} MB .xlsx in ${ms(elapsed)} (first byte ${ms(firstByte)})` +
          `  RSS ${mb(before)} before, ${mb(highest)} at most: growth ${mb(highest - before)} (target < 100 MB)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchExport(): Promise<void> {
  console.log(`\n## Export of ${ITEMS.toLocaleString('en')} news items as .xlsx through the sealed route (server in its own process)`);
  await benchOne('PGlite');
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) await withScratchDatabase(postgresUrl, (url) => benchOne('PostgreSQL', url));
  else console.log('PostgreSQL figures skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
}

if (process.argv[1]?.endsWith('export.ts')) await benchExport();
