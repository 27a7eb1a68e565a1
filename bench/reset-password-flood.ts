import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// A real login's latency while /reset-password is flooded with wrong codes, on a server
// started as `npm run serve` starts it. Usage: npx tsx bench/reset-password-flood.ts [project dir] [port]
// (another checkout's dir measures that version). Each request comes "from" its own address
// (TRUST_PROXY + X-Forwarded-For), so the per-address limits do not hide the cost of a request;
// FLOOD_ONE_ADDRESS=1 sends the whole flood from one address instead.

const projectDir = resolve(process.argv[2] ?? '.');
const port = Number(process.argv[3] ?? 18001);
const PASSWORD = 'Bench-pass-2026';
const FLOOD_WORKERS = 32;
const LOGINS = 30;
const api = `http://127.0.0.1:${port}/backoffice/api`;
let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};
const oneAddress = process.env.FLOOD_ONE_ADDRESS === '1';

async function post(url: string, body: object, address = freshAddress()): Promise<number> {
  const response = await fetch(`${api}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function timedLogins(): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < LOGINS; index += 1) {
    const started = performance.now();
    const status = await post('/login', { username: 'superadmin', password: PASSWORD });
    times.push(performance.now() - started);
    if (status !== 200) throw new Error(`login answered ${status}`);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const summary = (sorted: number[]) => `median ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'bo-flood-'));
const server = spawn(process.execPath, ['--max-semi-space-size=4', '--import', 'tsx', 'server/src/server.ts'], {
  cwd: projectDir,
  env: {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'false',
    ADMIN_PASSWORD: PASSWORD,
    RSA_BITS: '2048',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    STATIC_DIR: dataDir,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (;;) {
    const up = await fetch(`${api}/health`).then((response) => response.ok, () => false);
    if (up) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  await timedLogins(); // warm-up
  const quiet = await timedLogins();

  let flooding = true;
  let sent = 0;
  const statuses = new Map<number, number>();
  const floodAddress = freshAddress();
  const flood = Array.from({ length: FLOOD_WORKERS }, async () => {
    while (flooding) {
      const status = await post(
        '/reset-password',
        { email: 'superadmin@backoffice.example', otp: '123456', newPassword: 'Flooded-123' },
        oneAddress ? floodAddress : freshAddress(),
      );
      sent += 1;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  const started = performance.now();
  await new Promise((done) => setTimeout(done, 1000));
  const loaded = await timedLogins();
  const seconds = (performance.now() - started) / 1000;
  flooding = false;
  await Promise.all(flood);

  console.log(`reset-password flood on ${projectDir} (${oneAddress ? 'one address' : 'a new address per request'}, ${FLOOD_WORKERS} at once)`);
  console.log(`  login, quiet:   ${summary(quiet)}`);
  console.log(`  login, flooded: ${summary(loaded)}`);
  console.log(`  flood: ${(sent / seconds).toFixed(0)} requests/s, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
}
