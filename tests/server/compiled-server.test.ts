import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedAnswer, FeedRunAnswer } from '../../common/domains/announcements/model.js';
import { apiSession, sealedFetch } from '../e2e/sealed-api';
import { freePort } from '../fixtures/free-port';
import { allAreasConfigFile } from './admin/admin-helper';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './helper.js';

// `npm start` and `npm run serve` run the server compiled to JavaScript (scripts/build-server.mjs),
// which the rest of the suite never runs: every other test imports the TypeScript. One build and
// one server for the file (every area on, as a newcomer tries them), each test asks it something.

interface Compiled {
  base: string;
  out: string;
  stderr(): string;
  stop(): Promise<void>;
}

async function startCompiled(): Promise<Compiled> {
  const out = `.tmp/server-build-${process.pid}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bo-compiled-'));
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', out]);
  const port = await freePort();
  const child = spawn(process.execPath, [`${out}/server/src/server.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: dataDir,
      DATABASE_URL: '',
      APP_CONFIG: allAreasConfigFile(),
      RSA_BITS: '2048',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}/backoffice`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    await rm(out, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  let healthy = false;
  while (!healthy && child.exitCode === null && Date.now() - started < 60_000) {
    healthy = await fetch(`${base}/api/health`).then((answer) => answer.ok, () => false);
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!healthy) {
    await stop();
    throw new Error(`the compiled server did not become healthy:\n${stderr}`);
  }
  return { base, out, stderr: () => stderr, stop };
}

describe('the compiled server', () => {
  let compiled: Compiled | undefined;
  beforeAll(async () => {
    compiled = await startCompiled();
  }, 120_000);
  afterAll(async () => {
    await compiled?.stop();
  });
  const server = () => {
    if (!compiled) throw new Error('the compiled server starts in beforeAll');
    return compiled;
  };

  it('starts as npm start runs it: healthy, with its route modules, migrations, demo data and the app config', async () => {
    const { base } = server();
    expect((await fetch(`${base}/app-config.json`)).status).toBe(200);
    // A route of an autoloaded module (server/src/modules), behind the sealing guard.
    const auditLog = await fetch(`${base}/api/be-api-management/admin/audit-log`);
    expect(auditLog.status).toBe(401);
    // The demo data was written: the analyst account exists, so its public key can be asked for.
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'analyst', password: DEMO_PASSWORD }) });
    expect(login.status, await login.text()).toBe(200);
  }, 60_000);

  it('runs the demo announcement feeds from the sample files beside the compiled tree', async () => {
    const { base, out, stderr } = server();
    const admin = await apiSession(`${base}/`, 'superadmin', ADMIN_PASSWORD);
    const call = async <T,>(method: string, route: string): Promise<{ status: number; body: T }> => {
      const answer = await sealedFetch(admin, method, `be-api-management/announcements/feeds${route}`);
      const text = await answer.text();
      return { status: answer.status, body: (text ? JSON.parse(text) : null) as T };
    };
    const demo = (await call<FeedAnswer[]>('GET', '')).body.filter((feed) => feed.name.startsWith('Demo '));
    expect(demo.map((feed) => feed.source).sort()).toEqual(['BSE', 'NSE']);
    for (const feed of demo) {
      // The compiled tree's own path (dist-server/server/demo/announcements), as `npm start` writes it.
      expect(feed.url).toContain(`/${out}/server/demo/announcements/`);
      // Queued now, or already by the minute's tick (409 while that one waits or runs).
      expect([202, 409]).toContain((await call('POST', `/${feed.id}/run`)).status);
    }
    for (const feed of demo) {
      const started = Date.now();
      let runs: FeedRunAnswer[] = [];
      while (Date.now() - started < 90_000) {
        runs = (await call<FeedRunAnswer[]>('GET', `/runs?feedId=${feed.id}`)).body;
        if (runs.length > 0 && runs.every((run) => run.status !== 'running')) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(runs.map((run) => ({ status: run.status, error: run.error })), stderr()).toContainEqual({ status: 'succeeded', error: null });
      expect(runs.filter((run) => run.status === 'failed'), stderr()).toEqual([]);
      // Every sample entry but the malformed one is in, its PDF stored (BSE's Bharat Industries results).
      expect(runs.reduce((sum, run) => sum + run.inserted, 0)).toBe(3);
      expect(runs.reduce((sum, run) => sum + run.attachmentsFailed, 0)).toBe(0);
    }
  }, 150_000);
});
