import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startServer, type StartedServer } from '../server/src/app';
import { newestRcKey } from '../common/protocol/entity';
import { launchBrowser } from '../tests/e2e/browser';
import { writeAppConfig } from '../tests/e2e/stack';
import { withScratchDatabase } from './scratch-database';
import { login, SERVE_PASSWORD, sealed, type Session } from './serve-process';
import { ms, percentile } from './stats';

// Announcements live (issue 13, docs/announcements.md "Live"): from a committed INSERT of an
// announcement to the `announcements` event arriving in a real browser's EventSource (Debian's
// chromium driven by playwright-core), on a page of the real server's origin. The stream is the
// server's: LISTEN/NOTIFY on PostgreSQL (its own connection per instance), PGlite's listen on
// PGlite. On PostgreSQL a second instance on the same database writes and the browser listens
// to the first: the path a deployment's other instances take. Target: p95 ≤ 1 s.
// `npx tsx bench/announcements-live.ts` runs this alone.

const INSERTS = 50;
/** Apart, so each insert's event is one of its own (a feed run's statement is one event anyway). */
const GAP_MS = 100;
const TARGET_MS = 1000;
const PATH = '/be-api-management/announcements';

async function serve(dataDir: string, config: string, databaseUrl: string | undefined): Promise<StartedServer> {
  return startServer({
    logger: false,
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: SERVE_PASSWORD,
      APP_CONFIG: config,
      RSA_BITS: '2048',
      // Instances of one deployment share the key that wraps the server's key pair.
      SECRET_KEY: 'bench-announcements-live-secret-key-0123456789',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
}

async function eventsUrl(api: string, session: Session): Promise<string> {
  const response = await fetch(`${api}${PATH}/events/ticket`, { method: 'POST', headers: sealed(session) });
  const rcKey = response.headers.get('rc-key');
  if (rcKey) session.rcKey = newestRcKey(session.rcKey, rcKey) ?? session.rcKey;
  if (response.status !== 200) throw new Error(`events ticket: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

/** Opens the EventSource in the page; each event's ids with the page's clock (Date.now) at arrival land in window.arrivals. */
async function openEventSource(page: Page, origin: string, url: string): Promise<void> {
  // Any page of the server's origin: the stream is same-origin, as the app's own.
  await page.goto(`${origin}/backoffice/api/health`);
  await page.evaluate(
    (streamUrl) =>
      new Promise<void>((resolve, reject) => {
        const arrivals: Array<{ ids: number[]; at: number }> = [];
        (window as unknown as { arrivals: typeof arrivals }).arrivals = arrivals;
        const source = new EventSource(streamUrl);
        source.addEventListener('announcements', (event) => arrivals.push({ ids: (JSON.parse((event as MessageEvent<string>).data) as { ids: number[] }).ids, at: Date.now() }));
        source.onopen = () => resolve();
        source.onerror = () => reject(new Error('EventSource failed'));
      }),
    url,
  );
}

async function measure(label: string, writer: StartedServer, listener: StartedServer, page: Page): Promise<void> {
  const api = `${listener.url}api`;
  const session = await login(api);
  await openEventSource(page, new URL(listener.url).origin, await eventsUrl(api, session));
  const committed = new Map<number, number>();
  for (let index = -3; index < INSERTS; index += 1) {
    const { rows } = await writer.app.db.query<{ id: number }>(
      `INSERT INTO announcements (source, source_id, subject, disseminated_at) VALUES ('BSE', $1, $2, now()) RETURNING id::int AS id`,
      [`bench-${label}-${Date.now()}-${index}`, `Bench announcement ${index}`],
    );
    // The first three warm the path up (prepared statements, JIT) and are not counted.
    if (index >= 0) committed.set(rows[0]!.id, Date.now());
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  const deadline = Date.now() + 5000;
  let arrivals: Array<{ ids: number[]; at: number }> = [];
  while (Date.now() < deadline) {
    arrivals = await page.evaluate(() => (window as unknown as { arrivals: Array<{ ids: number[]; at: number }> }).arrivals);
    if ([...committed.keys()].every((id) => arrivals.some((arrival) => arrival.ids.includes(id)))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const latencies: number[] = [];
  let missed = 0;
  for (const [id, at] of committed) {
    const arrival = arrivals.find((each) => each.ids.includes(id));
    if (arrival) latencies.push(arrival.at - at);
    else missed += 1;
  }
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  console.log(
    `${label}: ${latencies.length} events, p50 ${ms(percentile(latencies, 50))}, p95 ${ms(p95)}, max ${ms(latencies.at(-1) ?? Number.NaN)}` +
      `${missed ? `, ${missed} MISSED` : ''} — ${p95 <= TARGET_MS && missed === 0 ? 'within' : 'OVER'} the ${TARGET_MS} ms target`,
  );
}

async function benchOn(label: string, databaseUrl: string | undefined, page: Page): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-announcements-live-'));
  const config = writeAppConfig(dataDir, (shipped) => ({
    ...shipped,
    menu: shipped.menu.map((entry) => (entry.value === 'announcements' ? { ...entry, isActive: true } : entry)),
    dashboard: shipped.dashboard.map((entry) => (entry.value === 'announcements' ? { ...entry, isActive: true } : entry)),
  }));
  const first = await serve(join(dataDir, 'a'), config, databaseUrl);
  try {
    await measure(`${label}, one instance`, first, first, page);
    if (databaseUrl) {
      const second = await serve(join(dataDir, 'b'), config, databaseUrl);
      try {
        await measure(`${label}, insert on instance B, browser on instance A`, second, first, page);
      } finally {
        await second.close();
      }
    }
  } finally {
    await first.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAnnouncementsLive(): Promise<void> {
  console.log(`\n## announcements live: committed INSERT → browser EventSource event, ${INSERTS} inserts ${GAP_MS} ms apart (load ${(loadavg()[0] ?? 0).toFixed(1)})`);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await benchOn('PGlite', undefined, page);
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (postgresUrl) await withScratchDatabase(postgresUrl, (url) => benchOn('PostgreSQL', url, page));
    else console.log('announcements live on PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAnnouncementsLive();
