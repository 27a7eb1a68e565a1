import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/free-port';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './helper.js';

// `npm start` and `npm run serve` run the server compiled to JavaScript (scripts/build-server.mjs),
// which the rest of the suite never runs: every other test imports the TypeScript.

describe('the compiled server', () => {
  it('starts as npm start runs it: healthy, with its route modules, migrations, demo data and the app config', async () => {
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
    try {
      const started = Date.now();
      let healthy = false;
      while (!healthy && child.exitCode === null && Date.now() - started < 60_000) {
        healthy = await fetch(`${base}/api/health`).then((answer) => answer.ok, () => false);
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(healthy, stderr).toBe(true);
      expect((await fetch(`${base}/app-config.json`)).status).toBe(200);
      // A route of an autoloaded module (server/src/modules), behind the sealing guard.
      const auditLog = await fetch(`${base}/api/be-api-management/admin/audit-log`);
      expect(auditLog.status).toBe(401);
      // The demo data was written: the analyst account exists, so its public key can be asked for.
      const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'analyst', password: DEMO_PASSWORD }) });
      expect(login.status, await login.text()).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      await rm(out, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
