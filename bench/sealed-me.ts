import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer } from '../server/src/app';
import { bareCryptoCheck } from '../server/src/sealing/check';
import { sealWithNode } from '../server/src/sealing/open';

// Sealed GET /me over loopback against the bare cryptographic check of the
// same requests in the same run: the difference is what the database, HTTP
// and Fastify add. Target: sealed throughput >= 80 % of the bare check.

const REQUESTS = 1500;
const CONCURRENCY = 8;
const PASSWORD = 'Bench-pass-2026';

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
  try {
    const api = `${server.url}api`;
    const login = await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'superadmin', password: PASSWORD }),
    });
    const session = (await login.json()) as { user_id: string; username: string; access_token: string };
    const rcKey = login.headers.get('rc-key') ?? '';
    const { publicKey } = (await (await fetch(`${api}/publicKey`)).json()) as { publicKey: string };

    // Sealed up front, so sealing cost is not part of either measurement. All of
    // them use the login's key, which stays usable for 60 s after newer ones.
    const sealed = Array.from({ length: REQUESTS }, () =>
      sealWithNode({
        username: session.username,
        userId: session.user_id,
        accessToken: session.access_token,
        rcKey,
        publicKeyPem: publicKey,
      }),
    );
    const headers = sealed.map((h) => ({
      authorization: h.Authorization,
      'encrypted-key': h['encrypted-key'],
      'key-padding': h['key-padding'],
      'unique-req-id': h['unique-req-id'],
    }));

    const { decrypt } = server.app.serverKey;
    let bareOk = 0;
    const bareMs = await runPool(REQUESTS, CONCURRENCY, async (index) => {
      if (await bareCryptoCheck(decrypt, headers[index] as Record<string, string>, session.username, rcKey)) bareOk += 1;
    });

    const result = await new Promise<{ elapsedMs: number; statuses: Record<number, number> }>((resolve, reject) => {
      // A worker thread does not inherit tsx's loader; register it before importing the TypeScript entry.
      const entry = new URL('./load-worker.ts', import.meta.url).href;
      const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
      const worker = new Worker(bootstrap, {
        eval: true,
        workerData: { url: `${api}/me`, headers, concurrency: CONCURRENCY },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });

    const bareRps = (bareOk / bareMs) * 1000;
    const ok = result.statuses[200] ?? 0;
    const sealedRps = (ok / result.elapsedMs) * 1000;
    console.log(`\n## Sealed GET /me vs bare crypto check (${label}, RSA 3072, ${REQUESTS} requests, concurrency ${CONCURRENCY})`);
    console.log(`bare crypto check   ${bareRps.toFixed(0)} checks/s  (${bareOk}/${REQUESTS} valid)`);
    console.log(`sealed GET /me      ${sealedRps.toFixed(0)} req/s     (statuses ${JSON.stringify(result.statuses)})`);
    console.log(`ratio               ${((sealedRps / bareRps) * 100).toFixed(1)} %  (target >= 80 %)`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
