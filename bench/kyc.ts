import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openDb, type Db } from '../server/src/db/index';
import { createKycLists } from '../server/src/modules/kyc/lists';
import { prepareImage } from '../server/src/services/kyc-files/images';
import { newestRcKey } from '../src/protocol/entity';
import { KYC_MAX_FILE_BYTES } from '../src/resources/kyc-model';
import { shippedConfig, withAreas } from '../tests/fixtures/app-config';
import { formData, subjectInput, type FormFile } from '../tests/fixtures/kyc-forms';
import { benchApp, loginCaller, timedCall, type Caller } from './news-list';
import { withScratchDatabase } from './scratch-database';
import { login, poll, sealed, startServe, type Server } from './serve-process';
import { ms, percentile, summarize } from './stats';

// KYC (issue 11, "Must show"): the upload of a 5 MB JPEG through the real route (sniff,
// re-encode with sharp, encrypt, store), median of 5; 10 uploads of 10 MB at once against the
// server in its own process (`npm run serve`), with its RSS idle, at its peak and after, and
// /health asked every 50 ms meanwhile (target: growth < 200 MB, /health answering); the
// document list's p95 over a mix of filters, sorts and pages on 100 000 documents (target
// <= 50 ms on PostgreSQL), and on PGlite.

const KYC_API = '/backoffice/api/be-api-management/kyc';
const UPLOAD_RUNS = 5;
const PARALLEL = 10;
const HEALTH_EVERY_MS = 50;
const DOCUMENTS = Number(process.env.BENCH_KYC_DOCUMENTS ?? 100_000);
// PGlite fills and answers on one connection in WebAssembly: BENCH_PGLITE_KYC_DOCUMENTS for another size, 0 to skip.
const PGLITE_DOCUMENTS = Number(process.env.BENCH_PGLITE_KYC_DOCUMENTS ?? 100_000);
const LIST_CALLS = 200;
const WARMUP = 20;
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

// ---------------------------------------------------------------------------
// The document list on DOCUMENTS rows.

type Query = Record<string, string>;

const day = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A deterministic mix of what the documents page asks for, most often the default view. */
function listScenarios(): Array<{ name: string; query: Query }> {
  const statuses = ['new', 'pending', 'approved', 'rejected', 'revision'];
  const types = ['pan_card', 'digital_pan', 'aadhaar_card', 'digital_aadhaar', 'signature', 'picture'];
  const surnames = ['verma', 'kumar', 'iyer', 'sharma', 'patel', 'reddy'];
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const list: Array<{ name: string; query: Query }> = [];
  for (let index = 0; index < LIST_CALLS; index += 1) {
    const page = String(1 + next(5));
    const pageSize = String([20, 20, 50][next(3)]);
    const from = 10 + next(300);
    const kind = index % 10;
    if (kind <= 2) list.push({ name: 'default (newest first)', query: { page, pageSize } });
    else if (kind === 3) list.push({ name: 'status', query: { status: statuses[next(5)] as string, page, pageSize } });
    else if (kind === 4) list.push({ name: 'type + status', query: { type: types[next(6)] as string, status: statuses[next(5)] as string, page, pageSize } });
    else if (kind === 5) list.push({ name: 'assignee=me', query: { assignee: 'me', page, pageSize } });
    else if (kind === 6) list.push({ name: 'date range (30 days)', query: { from: day(from), to: day(from - 30), page, pageSize } });
    else if (kind === 7) list.push({ name: 'q (surname or PAN)', query: { q: next(2) === 0 ? (surnames[next(6)] as string) : `benp${String.fromCharCode(97 + next(3))}${next(10)}`, pageSize } });
    else if (kind === 8) list.push({ name: 'other sorts', query: { sort: ['subjectName:asc', 'status:desc', 'type:asc', 'updatedAt:asc'][next(4)] as string, page, pageSize } });
    else list.push({ name: 'deep page (offset 2000)', query: { page: '101', pageSize: '20' } });
  }
  return list;
}

/**
 * `documents` documents in one statement each (4 per subject, a quarter of the subjects
 * assigned to `actorId`, dates over a year), every one with a current file pointing at the
 * real blobs already stored. The documents' touch trigger is off while their current file is
 * set, so updated_at keeps its spread.
 */
async function fillDocuments(db: Db, documents: number, actorId: string): Promise<void> {
  const subjects = Math.ceil(documents / 4);
  await db.query(
    `INSERT INTO kyc_subjects (name, dob, gender, address_line, city, state, pin_code, pan, status, assignee_id, created_by, created_at, updated_at)
     SELECT (ARRAY['Asha','Ravi','Meera','Arjun','Priya','Vikram','Kavya','Rahul','Sneha','Anil'])[1 + i % 10] || ' ' ||
            (ARRAY['Verma','Kumar','Iyer','Sharma','Patel','Reddy','Nair','Gupta','Singh','Das','Joshi','Mehta'])[1 + (i / 10) % 12],
            date '1960-01-01' + i % 15000, (ARRAY['M','F','T'])[1 + i % 3], i || ' MG Road', 'Benchpur', 'Maharashtra', (411001 + i % 900)::text,
            'BENP' || chr(65 + i / 10000) || lpad((i % 10000)::text, 4, '0') || 'K',
            (ARRAY['new','pending','approved','rejected','revision'])[1 + i % 5],
            CASE WHEN i % 4 = 0 THEN $2::bigint END, $2::bigint,
            now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day' + (i % 1440) * interval '1 minute'
       FROM generate_series(1, $1::int) AS i`,
    [subjects, actorId],
  );
  await db.query(
    `INSERT INTO kyc_documents (subject_id, type, status, reason, created_at, updated_at)
     SELECT s.id, (ARRAY['pan_card','digital_pan','aadhaar_card','digital_aadhaar','signature','picture'])[1 + (s.id + k) % 6],
            (ARRAY['new','pending','approved','rejected','revision'])[1 + (s.id * 7 + k) % 5],
            CASE WHEN (s.id * 7 + k) % 5 >= 3 THEN 'bad_quality' END,
            s.created_at, s.updated_at - k * interval '1 hour' - (s.id % 97) * interval '1 minute'
       FROM kyc_subjects s CROSS JOIN generate_series(0, 3) AS k
      WHERE s.city = 'Benchpur'
      ORDER BY s.id, k
      LIMIT $1::int`,
    [documents],
  );
  await db.query(
    `INSERT INTO kyc_document_files (document_id, seq, blob_id, content_type, filename, size, sha256, width, height, uploaded_by, uploaded_at, scan_status)
     SELECT d.id, 1, b.id, b.content_type, 'scan.jpg', b.size, b.sha256, 1200, 800, $1::bigint, d.updated_at, 'skipped'
       FROM kyc_documents d
       JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, content_type, size, sha256 FROM blobs) b ON b.n = d.id % (SELECT count(*) FROM blobs)
      WHERE d.current_file_id IS NULL`,
    [actorId],
  );
  await db.query('ALTER TABLE kyc_documents DISABLE TRIGGER kyc_documents_touch');
  try {
    await db.query(
      'UPDATE kyc_documents d SET current_file_id = f.id FROM kyc_document_files f WHERE f.document_id = d.id AND d.current_file_id IS NULL',
    );
  } finally {
    await db.query('ALTER TABLE kyc_documents ENABLE TRIGGER kyc_documents_touch');
  }
  await db.query('VACUUM ANALYZE kyc_subjects, kyc_documents, kyc_document_files');
}

async function benchList(caller: Caller, db: Db, documents: number): Promise<void> {
  const lists = createKycLists(caller.app);
  const actor = { id: caller.session.userId, username: caller.session.username };
  const started = performance.now();
  await fillDocuments(db, documents, caller.session.userId);
  const [{ n } = { n: '0' }] = (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM kyc_documents')).rows;
  line(`filled ${Number(n).toLocaleString('en')} documents`, `${((performance.now() - started) / 1000).toFixed(1)} s`);

  const mix = listScenarios();
  const get = (query: Query) => timedCall(caller, { method: 'GET', url: `${KYC_API}/documents`, query });
  for (const { query } of mix.slice(0, WARMUP)) await get(query);
  const samples: number[] = [];
  const byName = new Map<string, number[]>();
  for (const { name, query } of mix) {
    const { response, elapsed } = await get(query);
    if (response.statusCode !== 200) throw new Error(`document list answered ${response.statusCode}: ${response.body}`);
    samples.push(elapsed);
    byName.set(name, [...(byName.get(name) ?? []), elapsed]);
  }
  // The same mix straight on the list service: what the two queries (page, exact count) cost.
  const sqlOnly: number[] = [];
  const sqlByName = new Map<string, number[]>();
  for (const { name, query } of mix) {
    const started = performance.now();
    await lists.documents(actor, { ...query, page: query.page ? Number(query.page) : undefined, pageSize: query.pageSize ? Number(query.pageSize) : undefined });
    const elapsed = performance.now() - started;
    sqlOnly.push(elapsed);
    sqlByName.set(name, [...(sqlByName.get(name) ?? []), elapsed]);
  }
  const baseline: number[] = [];
  for (let index = 0; index < 100; index += 1) baseline.push((await timedCall(caller, { method: 'GET', url: '/backoffice/api/me' })).elapsed);
  const all = summarize(samples);
  const me = summarize(baseline);
  const sql = summarize(sqlOnly);
  line(`document list (sealed inject, ${LIST_CALLS} calls)`, `p50 ${ms(all.p50)}  p95 ${ms(all.p95)}  mean ${ms(all.mean)}  (target p95 <= 50 ms)`);
  line('list service only (page + count queries)', `p50 ${ms(sql.p50)}  p95 ${ms(sql.p95)}  (same mix)`);
  line('sealed GET /me baseline', `p50 ${ms(me.p50)}  p95 ${ms(me.p95)}  (the seal check every sealed route pays)`);
  for (const [name, values] of byName) {
    const [route, service] = [summarize(values), summarize(sqlByName.get(name) ?? [])];
    console.log(`  ${name.padEnd(26)} n=${String(values.length).padStart(3)}  p50 ${ms(route.p50)}  p95 ${ms(route.p95)}   service only p50 ${ms(service.p50)}  p95 ${ms(service.p95)}`);
  }
}

/** On one database: the 5 MB upload, then (documents > 0) the list on `documents` rows. */
async function benchOn(label: string, databaseUrl: string, documents: number, jpeg5: Buffer): Promise<void> {
  console.log(`\n## KYC on ${label}: uploads and the document list through the routes (sealed inject)`);
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
      if (documents > 0) await benchList(caller, db, documents);
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
    await withScratchDatabase(postgresUrl, (url) => benchOn('PostgreSQL', url, DOCUMENTS, jpeg5));
    await withScratchDatabase(postgresUrl, (url) => benchParallel('PostgreSQL', jpeg10, url));
  } else {
    console.log('\nKYC on PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  }
  if (PGLITE_DOCUMENTS > 0 && PGLITE_DOCUMENTS < DOCUMENTS) console.log(`\n(PGlite at ${PGLITE_DOCUMENTS.toLocaleString('en')} documents; BENCH_PGLITE_KYC_DOCUMENTS=${DOCUMENTS} for the full size.)`);
  await benchOn('PGlite (in memory)', 'memory://', PGLITE_DOCUMENTS, jpeg5);
  await benchParallel('PGlite (its files in DATA_DIR)', jpeg10);
}
