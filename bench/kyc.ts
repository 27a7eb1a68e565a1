import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openDb } from '../server/src/db/index';
import { prepareImage } from '../server/src/modules/kyc/files/images';
import { newestRcKey } from '../common/protocol/entity';
import { KYC_MAX_FILE_BYTES } from '../common/domains/kyc/model';
import { shippedConfig, withAreas } from '../tests/fixtures/app-config';
import { formData, subjectInput, type FormFile } from '../tests/fixtures/kyc-forms';
import { benchApp, loginCaller, timedCall, type Caller } from './news-list';
import { withScratchDatabase } from './scratch-database';
import { login, poll, sealed, startServe, type Server } from './serve-process';
import { ms, percentile, summarize } from './stats';

// KYC uploads (issue 11, "Must show"): a 5 MB JPEG through the real route (sniff, re-encode
// with sharp, encrypt, store), median of 5; 10 uploads of 10 MB at once against the server in
// its own process (`npm run serve`), with its RSS idle, at its peak and after, and /health
// asked every 50 ms meanwhile (target: growth < 200 MB, /health answering). The document
// list on 100 000 documents is bench/kyc-lists.ts. `npx tsx bench/kyc.ts` runs this alone.

const KYC_API = '/backoffice/api/be-api-management/kyc';
const UPLOAD_RUNS = 5;
const PARALLEL = 10;
const HEALTH_EVERY_MS = 50;
const MiB = 1024 * 1024;

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MB`;
const line = (label: string, figure: string) => console.log(`${label.padEnd(44)} ${figure}`);

/** The shipped configuration with the KYC menu on, written into `dir`. */
function kycConfigFile(dir: string): string {
  const file = join(dir, 'kyc-app.json');
  writeFileSync(file, JSON.stringify(withAreas(shippedConfig(), ['kyc-management'])));
  return file;
}

/**
 * The largest JPEG of random noise (a phone photo of fine print compresses about as badly)
 * within `maxBytes`: 3000 px wide, as many rows as fit. Noise leaves the encoder nothing to
 * save, so the bytes are really there and the decode is a full one.
 */
async function noisyJpeg(maxBytes: number): Promise<Buffer> {
  const width = 3000;
  const rowsFor = (bytes: number, perPixel: number) => Math.max(16, Math.floor(bytes / perPixel / width));
  const noise = randomBytes(width * rowsFor(maxBytes, 0.5) * 3);
  const encode = (height: number) => sharp(noise.subarray(0, width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
  let height = rowsFor(maxBytes, 1.05);
  let best: Buffer | null = null;
  for (let round = 0; round < 8; round += 1) {
    const jpeg = await encode(height);
    const perPixel = jpeg.length / (width * height);
    if (jpeg.length <= maxBytes && (!best || jpeg.length > best.length)) best = jpeg;
    // Within two rows of the limit: as large as it gets.
    if (jpeg.length <= maxBytes && maxBytes - jpeg.length < 2 * perPixel * width) break;
    height = rowsFor(maxBytes - perPixel * width, perPixel);
  }
  if (!best) throw new Error(`no noisy JPEG within ${maxBytes} bytes`);
  return best;
}

function form(fields: Record<string, string>, files: readonly FormFile[] = []) {
  const body = formData(fields, files);
  return { payload: body.payload, headers: { 'content-type': body.contentType } };
}

/** A subject with a small picture, through the route; its id. */
async function createSubject(caller: Caller, picture: Buffer): Promise<string> {
  const { response } = await timedCall(caller, {
    method: 'POST',
    url: `${KYC_API}/subjects`,
    ...form({ subject: JSON.stringify(subjectInput()) }, [{ field: 'picture', filename: 'p.jpg', content: picture }]),
  });
  if (response.statusCode !== 201) throw new Error(`create subject answered ${response.statusCode}: ${response.body}`);
  return String(response.json<{ id: number }>().id);
}

/** Re-uploads of a 5 MB JPEG as a subject's picture: the median of UPLOAD_RUNS after one warm-up, and sharp's re-encode alone. */
async function benchUpload(caller: Caller, jpeg: Buffer, subjectId: string): Promise<void> {
  const times: number[] = [];
  for (let run = 0; run <= UPLOAD_RUNS; run += 1) {
    const { response, elapsed } = await timedCall(caller, {
      method: 'POST',
      url: `${KYC_API}/subjects/${subjectId}/documents/picture`,
      ...form({}, [{ field: 'file', filename: 'photo.jpg', content: jpeg }]),
    });
    if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
    if (run > 0) times.push(elapsed);
  }
  const encodes: number[] = [];
  for (let run = 0; run < UPLOAD_RUNS; run += 1) {
    const started = performance.now();
    await prepareImage(jpeg);
    encodes.push(performance.now() - started);
  }
  line(`upload of a ${mb(jpeg.length)} JPEG (route, median of ${UPLOAD_RUNS})`, `${ms(summarize(times).p50)}  (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`);
  line('  of which the sharp re-encode alone (median)', ms(summarize(encodes).p50));
}

/** On one database: the 5 MB upload through the route, in this process. */
async function benchOn(label: string, databaseUrl: string, jpeg5: Buffer): Promise<void> {
  console.log(`\n## KYC upload on ${label} (sealed inject)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-kyc-'));
  const db = await openDb(databaseUrl, dataDir);
  try {
    const app = await benchApp(db, dataDir, kycConfigFile(dataDir));
    try {
      const caller = await loginCaller(app);
      await db.query(`UPDATE kyc_settings SET scan_policy = 'off'`);
      const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8090a0' } }).jpeg().toBuffer();
      const subjectId = await createSubject(caller, picture);
      await benchUpload(caller, jpeg5, subjectId);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------
// 10 uploads of 10 MB at once against the server in its own process.

async function benchParallel(label: string, jpeg10: Buffer, databaseUrl?: string): Promise<void> {
  console.log(`\n## KYC: ${PARALLEL} uploads of ${mb(jpeg10.length)} at once, \`npm run serve\` in its own process on ${label}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-kyc-serve-'));
  let server: Server | undefined;
  try {
    server = await startServe(dataDir, databaseUrl, { APP_CONFIG: kycConfigFile(dataDir), DEMO_DATA: 'false' });
    const api = server.api;
    const session = await login(api);
    const send = async (path: string, body: { payload: Buffer; headers: Record<string, string> }, method = 'POST') => {
      const response = await fetch(`${api}/be-api-management/kyc${path}`, { method, headers: { ...sealed(session), ...body.headers }, body: new Uint8Array(body.payload) });
      const text = await response.text();
      const rcKey = response.headers.get('rc-key');
      if (rcKey) session.rcKey = newestRcKey(session.rcKey, rcKey) ?? session.rcKey;
      return { status: response.status, text };
    };
    const policy = await send('/settings', form({ scanPolicy: 'off' }), 'PUT');
    if (policy.status !== 200) throw new Error(`settings answered ${policy.status}: ${policy.text}`);
    const ids: string[] = [];
    for (let index = 0; index < PARALLEL; index += 1) {
      const created = await send('/subjects', form({ subject: JSON.stringify(subjectInput()) }));
      if (created.status !== 201) throw new Error(`create subject answered ${created.status}: ${created.text}`);
      ids.push(String((JSON.parse(created.text) as { id: number }).id));
    }
    // A first image through sharp (its library loaded, its first allocations made), then quiet.
    const small = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8090a0' } }).jpeg().toBuffer();
    await send(`/subjects/${ids[0]}/documents/signature`, form({}, [{ field: 'file', filename: 's.jpg', content: small }]));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = server.memory().rss;

    // Bodies and seals made ahead: this process's work stays out of the way.
    const bodies = ids.map((id) => ({ id, body: form({}, [{ field: 'file', filename: 'big.jpg', content: jpeg10 }]) }));
    const peakReset = server.resetPeak();
    let sampledPeak = idle;
    const rss = poll(HEALTH_EVERY_MS, async () => {
      sampledPeak = Math.max(sampledPeak, server?.memory().rss ?? 0);
    });
    const health = poll(HEALTH_EVERY_MS, () => fetch(`${api}/health`).then((response) => response.arrayBuffer()));
    const started = performance.now();
    const answers = await Promise.all(bodies.map(({ id, body }) => send(`/subjects/${id}/documents/picture`, body)));
    const elapsed = performance.now() - started;
    const [healthMs] = [await health.stop(), await rss.stop()];
    const peak = peakReset ? Math.max(server.memory().peak, sampledPeak) : sampledPeak;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = server.memory().rss;
    const statuses = answers.map((answer) => answer.status);
    const sorted = [...healthMs].sort((a, b) => a - b);
    line(`${PARALLEL} uploads at once, all answered in`, `${ms(elapsed)}  (statuses ${[...new Set(statuses)].join(', ')}${statuses.every((status) => status === 201) ? '' : `: ${answers.find((answer) => answer.status !== 201)?.text.slice(0, 120)}`})`);
    line('server RSS idle / peak / 3 s after', `${idle.toFixed(0)} MB / ${peak.toFixed(0)} MB / ${after.toFixed(0)} MB  (growth ${(peak - idle).toFixed(0)} MB; target < 200 MB)${peakReset ? '' : '  (peak sampled every 50 ms)'}`);
    line(`/health every ${HEALTH_EVERY_MS} ms meanwhile`, `max ${ms(sorted.at(-1) ?? Number.NaN)}  p95 ${ms(percentile(sorted, 95))}  (${sorted.length} calls)`);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchKyc(): Promise<void> {
  const [jpeg5, jpeg10] = [await noisyJpeg(5 * MiB), await noisyJpeg(KYC_MAX_FILE_BYTES)];
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    await withScratchDatabase(postgresUrl, (url) => benchOn('PostgreSQL', url, jpeg5));
    await withScratchDatabase(postgresUrl, (url) => benchParallel('PostgreSQL', jpeg10, url));
  } else {
    console.log('\nKYC on PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  }
  await benchOn('PGlite (in memory)', 'memory://', jpeg5);
  await benchParallel('PGlite (its files in DATA_DIR)', jpeg10);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchKyc();
