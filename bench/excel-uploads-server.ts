import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb } from '../server/src/db/index';
import { EXCEL_LANES } from '../server/src/lib/excel/excel-service';
import { inflatingSheet, sharedStringsBomb } from '../tests/fixtures/xlsx-bombs';
import { API, benchApp, loginCaller, multipart, timedCall, type Caller } from './news-list';
import { ms } from './stats';

// Run as its own process (node --expose-gc) by excel-uploads.ts, with the path of a 50 000-row
// file whose last row is refused. Figures: the server's RSS idle; after two zip bombs sent at
// once and a 400 MiB-inflating sheet (each refused by the zip check, no worker started), with
// the time to refuse each; after the 50 000-row file is parsed whole in a worker and refused
// (nothing written, so the database's memory stays out of it); once the idle worker is ended.

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: excel-uploads-server.ts <50 000-row .xlsx>');

const rss = () => {
  globalThis.gc?.();
  return process.memoryUsage().rss;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const line = (label: string, figure: string) => console.log(`${label.padEnd(46)} ${figure}`);

function upload(caller: Caller, content: Buffer) {
  const body = multipart(content);
  return timedCall(caller, { method: 'POST', url: `${API}/upload-companies`, payload: body.payload, headers: { 'content-type': body.contentType } });
}

const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-excel-'));
const db = await openDb('memory://', dataDir);
const app = await benchApp(db, dataDir);
try {
  const caller = await loginCaller(app);
  const bomb = sharedStringsBomb(30_000_000);
  const sheet = inflatingSheet(400);
  const rows = readFileSync(file);
  const idle = rss();
  const grown = () => {
    const now = rss();
    return `${mb(now)} (${now >= idle ? '+' : '-'}${mb(Math.abs(now - idle))} on idle)`;
  };
  line('RSS idle', mb(idle));

  const [first, second] = await Promise.all([upload(caller, bomb), upload(caller, bomb)]);
  line(`two 30 M-string bombs (${(bomb.length / 1024).toFixed(0)} kB) at once, refused in`, `${ms(first.elapsed)} and ${ms(second.elapsed)} (${first.response.statusCode}, ${second.response.statusCode})`);
  const big = await upload(caller, sheet);
  line(`a 400 MiB-inflating sheet (${(sheet.length / 1024).toFixed(0)} kB), refused in`, `${ms(big.elapsed)} (${big.response.statusCode})`);
  line('RSS after the bombs', grown());

  const parsed = await upload(caller, rows);
  line(`50 000 rows (${(rows.length / 1024 / 1024).toFixed(1)} MB) parsed in a worker, refused in`, `${ms(parsed.elapsed)} (${parsed.response.statusCode})`);
  line('RSS after it, the worker idle', grown());
  await sleep(EXCEL_LANES.parse.idleMs + 2_000);
  line(`RSS once the idle worker is ended (${EXCEL_LANES.parse.idleMs / 1000} s)`, grown());
} finally {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
