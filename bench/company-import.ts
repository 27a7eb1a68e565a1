import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import type { CompanyValues } from '../common/domains/news/company-rules';
import { multipart, newsConfigFile, uploadFile } from './news-list';
import { ms, percentile } from './stats';
import { createCompaniesRepository } from '../server/src/modules/companies/repository';
import { login, poll, sealed, startServe, SERVE_PASSWORD as PASSWORD } from './serve-process';

// The server as `npm run serve` starts it (its own process, demo data on): resident memory once
// idle after a first start and after a restart, then a 50 000-row company upload over HTTP while
// this process asks /health every 20 ms and a sealed GET /me every 100 ms (what another user
// waits). Then the write alone (importMany in one transaction, no Excel) in this process.
// Targets: idle RSS < 300 MB on PGlite; the write <= 1 s on PostgreSQL.

// One for the served process and the write bench: on PostgreSQL both open the same database,
// whose stored key pair only the SECRET_KEY it was wrapped with opens (each DATA_DIR would generate its own).
const SECRET_KEY = randomBytes(32).toString('base64');
const UPLOAD_ROWS = 50_000;
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const HEALTH_EVERY_MS = 20;
const ME_EVERY_MS = 100;
const UPLOAD_PATH = 'be-api-management/news/upload-companies';

/** Company `index`; `isinPrefix` (two capitals) keeps the upload's companies apart from the write's. */
function companyValues(index: number, variant: string, isinPrefix = 'BU'): CompanyValues {
  return {
    compName: `Bench Upload Company ${variant}${index}`,
    isin: `${isinPrefix}${String(index).padStart(9, '0')}0`,
    ticker: `BU${index}`,
    exchange: 'NSE',
    sector: 'Industrials',
    website: `www.bench${index}.example`,
    email: `ir@bench${index}.example`,
    phone: `22 ${String(index).padStart(8, '0')}`,
    address: `${index} Bench Road Mumbai`,
    isActive: index % 7 !== 0,
  };
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const worst = (values: number[]) => (values.length > 0 ? Math.max(...values) : Number.NaN);
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

async function benchServer(label: string, upload: Buffer, databaseUrl?: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-import-'));
  try {
    console.log(`\n## ${label}: \`npm run serve\` in its own process, demo data on`);
    let started = performance.now();
    let server = await startServe(dataDir, databaseUrl, { APP_CONFIG: newsConfigFile(dataDir), SECRET_KEY });
    const firstStart = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const first = server.memory();
    await server.stop();
    started = performance.now();
    server = await startServe(dataDir, databaseUrl, { APP_CONFIG: newsConfigFile(dataDir), SECRET_KEY });
    const restart = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = server.memory();
    console.log(`idle RSS, first start     ${mb(first.rss)}  (start ${(firstStart / 1000).toFixed(1)} s, peak ${mb(first.peak)})  (target < 300 MB on PGlite)`);
    console.log(`idle RSS, restart         ${mb(idle.rss)}  (start ${(restart / 1000).toFixed(1)} s, peak ${mb(idle.peak)})`);
    try {
      const session = await login(server.api);
      // Sealed ahead: sealing costs this process CPU the server should have.
      const meHeaders = Array.from({ length: 200 }, () => sealed(session));
      const form = multipart(upload);
      const health = poll(HEALTH_EVERY_MS, () => fetch(`${server.api}/health`).then((response) => response.arrayBuffer()));
      const me = poll(ME_EVERY_MS, () => fetch(`${server.api}/me`, { headers: meHeaders.pop() ?? sealed(session) }).then((response) => response.arrayBuffer()));
      started = performance.now();
      const response = await fetch(`${server.api}/${UPLOAD_PATH}`, {
        method: 'POST',
        headers: { ...sealed(session), 'content-type': form.contentType },
        body: new Uint8Array(form.payload),
      });
      const answer = await response.text();
      const elapsed = performance.now() - started;
      const [healthMs, meMs] = [await health.stop(), await me.stop()];
      const after = server.memory();
      console.log(`upload ${UPLOAD_ROWS.toLocaleString('en')} rows (${(upload.length / 1024 / 1024).toFixed(1)} MB)  ${ms(elapsed)}  -> ${response.status} ${answer.slice(0, 80)}`);
      console.log(`  /health every 20 ms     worst ${ms(worst(healthMs))}  median ${ms(median(healthMs))}  (${healthMs.length} calls)`);
      console.log(`  sealed GET /me, 100 ms  worst ${ms(worst(meMs))}  median ${ms(median(meMs))}  (${meMs.length} calls)`);
      console.log(`  RSS after the upload    ${mb(after.rss)}  (peak ${mb(after.peak)})`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface WriteTimes {
  insert: number;
  update: number;
  unchanged: number;
}

/** importMany alone, in one transaction, in this process: what the database write costs (ms). */
export async function benchWrite(databaseUrl?: string): Promise<WriteTimes> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-write-'));
  const app = await buildApp({
    logger: false,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? 'memory://', DEMO_DATA: 'false', ADMIN_PASSWORD: PASSWORD, RSA_BITS: 2048, STATIC_DIR: dataDir, SECRET_KEY },
  });
  try {
    const { rows } = await app.db.query<{ id: string; username: string }>(`SELECT id::text AS id, username FROM users WHERE role = 0 LIMIT 1`);
    const actor = rows[0] as { id: string; username: string };
    const times: WriteTimes = { insert: 0, update: 0, unchanged: 0 };
    const figures: string[] = [];
    for (const [what, variant] of [['insert', 'A'], ['update', 'B'], ['unchanged', 'B']] as const) {
      const values = Array.from({ length: UPLOAD_ROWS }, (_, index) => companyValues(index, variant, 'BW'));
      const started = performance.now();
      const counts = await app.db.transaction((tx) => createCompaniesRepository(app.db).importMany(tx, actor, values));
      times[what] = performance.now() - started;
      figures.push(`${what} ${ms(times[what])} (${counts.inserted}/${counts.updated})`);
    }
    console.log(`write only (importMany, one transaction)  ${figures.join('   ')}  (inserted/updated; target <= 1 s on PostgreSQL)`);
    return times;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `label` names the database: PGlite in a fresh DATA_DIR, or the (scratch) PostgreSQL database at `databaseUrl`. */
export async function benchCompanyImport(label: string, databaseUrl?: string): Promise<void> {
  await benchServer(label, uploadFile(), databaseUrl);
  await benchWrite(databaseUrl);
}
