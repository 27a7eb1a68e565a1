import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer } from '../server/src/app';
import { bareCryptoCheck } from '../server/src/lib/sealing/check';
import { type KeyDecryptor, sealWithNode } from '../server/src/lib/sealing/open';
import { percentile } from './stats';

// Sealed GET /me over loopback against the bare cryptographic check of the
// same requests in the same run: the difference is what the database, HTTP
// and Fastify add. Target: sealed throughput >= 85 % of the bare check.
// The two alternate, ROUNDS times, and each is reported by its median: on a
// 2-core machine a burst of other work lowers whichever phase it lands on.
// Each level of concurrency is its own comparison: at 32 the server is kept
// busy (throughput); at 1 every request waits on its own commit (latency).

const REQUESTS = 1500;
const CONCURRENCIES = (process.env.SEALED_ME_CONCURRENCY ?? '1,8,32').split(',').map(Number);
const TARGET_PERCENT = 85;
const ROUNDS = Number(process.env.SEALED_ME_ROUNDS ?? 3);
const PASSWORD = 'Bench-pass-2026';

type Headers = Record<string, string>;

async function runPool(count: number, concurrency: number, task: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
  return performance.now() - started;
}

/** Logs in (a fresh session, so its first key is inside the 60 s grace) and seals REQUESTS requests up front. */
async function sealedRequests(api: string): Promise<{ headers: Headers[]; username: string; rcKey: string }> {
  const login = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'superadmin', password: PASSWORD }),
  });
  const session = (await login.json()) as { user_id: string; username: string; access_token: string };
  const rcKey = login.headers.get('rc-key') ?? '';
  const { publicKey } = (await (await fetch(`${api}/publicKey`)).json()) as { publicKey: string };
  const headers = Array.from({ length: REQUESTS }, () => {
    const sealed = sealWithNode({
      username: session.username,
      userId: session.user_id,
      accessToken: session.access_token,
      rcKey,
      publicKeyPem: publicKey,
    });
    return {
      authorization: sealed.Authorization,
      'encrypted-key': sealed['encrypted-key'],
      'key-padding': sealed['key-padding'],
      'unique-req-id': sealed['unique-req-id'],
    };
  });
  return { headers, username: session.username, rcKey };
}

type LoadResult = { elapsedMs: number; statuses: Record<number, number> };

/**
 * The load comes from a worker thread, so generating it does not run on the server's
 * event loop; one worker sends every round.
 */
function loadGenerator(): {
  send(url: string, headers: Headers[], concurrency: number): Promise<LoadResult>;
  close(): Promise<number>;
} {
  // A worker thread does not inherit tsx's loader; register it before importing the TypeScript entry.
  const entry = new URL('./load-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(bootstrap, { eval: true });
  return {
    send: (url, headers, concurrency) =>
      new Promise((resolve, reject) => {
        const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
        worker.once('error', fail);
        worker.once('message', (answer: LoadResult | { error: string }) => {
          worker.off('error', fail);
          if ('error' in answer) fail(answer.error);
          else resolve(answer);
        });
        worker.postMessage({ url, headers, concurrency });
      }),
    close: () => worker.terminate(),
  };
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const rounds = (values: number[]) => values.map((value) => value.toFixed(0)).join(' / ');

/** ROUNDS alternations of the bare check and the sealed route, `concurrency` at a time; per-round rates. */
async function compare(
  api: string,
  decrypt: KeyDecryptor,
  load: ReturnType<typeof loadGenerator>,
  concurrency: number,
): Promise<{ bare: number[]; sealed: number[]; statuses: Record<number, number> }> {
  const bare: number[] = [];
  const sealed: number[] = [];
  const statuses: Record<number, number> = {};
  // Round -1 warms both paths up (JIT, prepared statements, the key caches) and is not counted.
  for (let round = -1; round < ROUNDS; round += 1) {
    const batch = await sealedRequests(api);
    let valid = 0;
    const bareMs = await runPool(REQUESTS, concurrency, async (index) => {
      if (await bareCryptoCheck(decrypt, batch.headers[index] as Headers, batch.username, batch.rcKey)) valid += 1;
    });
    const result = await load.send(`${api}/me`, batch.headers, concurrency);
    if (round < 0) continue;
    if (valid !== REQUESTS) throw new Error(`the bare check refused ${REQUESTS - valid} of ${REQUESTS} requests`);
    bare.push((valid / bareMs) * 1000);
    for (const [status, count] of Object.entries(result.statuses)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
    sealed.push(((result.statuses[200] ?? 0) / result.elapsedMs) * 1000);
  }
  return { bare, sealed, statuses };
}

export async function benchSealedMe(label: string, databaseUrl?: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
  const server = await startServer({
    logger: false,
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: PASSWORD,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const load = loadGenerator();
  try {
    const api = `${server.url}api`;
    console.log(
      `\n## Sealed GET /me vs bare crypto check (${label}, RSA 3072, ${REQUESTS} requests x ${ROUNDS} rounds after a warm-up, per concurrency)`,
    );
    console.log('| concurrency | bare check/s (rounds) | sealed req/s (rounds) | ratio | statuses |');
    console.log('|---|---|---|---|---|');
    for (const concurrency of CONCURRENCIES) {
      const { bare, sealed, statuses } = await compare(api, server.app.serverKey.decrypt, load, concurrency);
      const [bareRps, sealedRps] = [median(bare), median(sealed)];
      console.log(
        `| ${concurrency} | ${bareRps.toFixed(0)} (${rounds(bare)}) | ${sealedRps.toFixed(0)} (${rounds(sealed)}) | ` +
          `${((sealedRps / bareRps) * 100).toFixed(1)} % | ${JSON.stringify(statuses)} |`,
      );
    }
    console.log(`target: ratio >= ${TARGET_PERCENT} %`);
  } finally {
    await load.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: `npx tsx bench/sealed-me.ts` (PostgreSQL too with BENCH_DATABASE_URL or TEST_DATABASE_URL).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { withScratchDatabase } = await import('./scratch-database');
  await benchSealedMe('PGlite');
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) await withScratchDatabase(postgresUrl, (url) => benchSealedMe('PostgreSQL', url));
}
