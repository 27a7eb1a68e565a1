import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVE_PASSWORD, timeToHealthy } from './serve-process';
import { percentile } from './stats';
import { freePort } from '../tests/fixtures/free-port';

// `npm start` on an unchanged checkout (issue 23, item 11): from the spawn of `npm start` to the
// first 200 of GET /backoffice/api/health, PGlite with the demo data written by a first start
// (not counted, nor its client build if the sources changed). Beside it, one start as the
// command was before: `vite build` every time, then the same compile and server.

const RUNS = Number(process.env.NPM_START_RUNS ?? 3);
const PACKAGE = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
const START = PACKAGE.scripts.start ?? '';
const BUILD_EVERY_TIME = START.replace(/^node scripts\/build-client-if-changed\.mjs/, 'node node_modules/vite/bin/vite.js build');

/** Milliseconds from the spawn to the first healthy answer, and the lines the command printed. */
async function timedStart(command: string, dataDir: string): Promise<{ ms: number; lines: number }> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ADMIN_PASSWORD: SERVE_PASSWORD, DEMO_PASSWORD: SERVE_PASSWORD };
  const { ms, output } = await timeToHealthy(command, env, `http://127.0.0.1:${port}/backoffice/api/health`, { limitMs: 180_000, pollMs: 20, collectOutput: true });
  return { ms, lines: output.split('\n').filter(Boolean).length };
}

export async function benchNpmStart(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-npm-start-'));
  try {
    const first = await timedStart('npm start', dataDir);
    const runs: Array<{ ms: number; lines: number }> = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await timedStart('npm start', dataDir));
    const rebuilding = await timedStart(BUILD_EVERY_TIME, dataDir);
    const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
    console.log('\n## `npm start` on an unchanged checkout to the first healthy GET …/api/health (PGlite, demo data present)');
    console.log(
      `median ${percentile(sorted, 50).toFixed(0)} ms (runs ${runs.map((run) => run.ms.toFixed(0)).join(' / ')}; ${runs[0]?.lines ?? 0} lines printed); ` +
        `with vite build on every start as before: ${rebuilding.ms.toFixed(0)} ms, ${rebuilding.lines} lines; the first start (client build if needed, demo data): ${first.ms.toFixed(0)} ms`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchNpmStart();
