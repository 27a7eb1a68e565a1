import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import type { Db } from '../server/src/db/index';
import { loginCaller, timeListMix } from './news-list';
import { onEachDatabase, withBenchDatabase } from './scratch-database';

// The KYC lists through the real routes (sealed app.inject) on 100 000 documents of 25 000
// subjects, over a mix of filters, sorts and pages. Target: p95 <= 50 ms on PostgreSQL.
// `npx tsx bench/kyc-lists.ts` (PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL).

const SUBJECTS = Number(process.env.BENCH_KYC_SUBJECTS ?? 25_000);
// PGlite (one connection, WebAssembly) takes over two minutes to seed the full size on two
// cores: a quarter of it by default. BENCH_PGLITE_KYC_SUBJECTS=25000 for the full size, 0 to skip.
const PGLITE_SUBJECTS = Number(process.env.BENCH_PGLITE_KYC_SUBJECTS ?? Math.round(SUBJECTS / 4));
const CALLS = 300;
const WARMUP = 30;
const PASSWORD = 'Bench-pass-2026';
const API = '/backoffice/api/be-api-management/kyc';
const USERS = 20;

type Query = Record<string, string>;

/** Subjects, 4 documents each with one file, 20 uploaders and reviewers, spread over a year. */
export async function seedKyc(db: Db, subjects: number): Promise<void> {
  await db.exec(`
    INSERT INTO users (username, email, name, role, status, password_hash)
      SELECT 'kycbench' || g, 'kycbench' || g || '@bench.example', 'Bench ' || g, 2, 'active', 'x' FROM generate_series(1, ${USERS}) g;
    INSERT INTO blobs (id, content_type, filename, size, sha256, chunk_size, chunk_count, wrapped_key)
      VALUES ('00000000-0000-4000-8000-000000000001', 'image/jpeg', 'bench.jpg', 1, repeat('0', 64), 262144, 1, '\\x00');
    CREATE TEMP TABLE bench_users AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM users WHERE username LIKE 'kycbench%';
    INSERT INTO kyc_subjects (name, dob, gender, address_line, city, state, pin_code, pan, status, assignee_id, created_by, created_at, updated_at)
      SELECT 'Person' || g || ' ' || (ARRAY['Verma', 'Shah', 'Iyer', 'Das', 'Khan', 'Rao', 'Nair'])[1 + g % 7],
             date '1960-01-01' + (g % 15000), (ARRAY['M', 'F', 'T'])[1 + g % 3], g || ' MG Road', 'Pune', 'Maharashtra', '411001',
             'ABCP' || chr(65 + g % 26) || lpad((g % 10000)::text, 4, '0') || chr(65 + (g / 10000) % 26),
             (ARRAY['new', 'pending', 'pending', 'approved', 'rejected', 'revision'])[1 + g % 6],
             CASE WHEN g % 6 = 0 THEN NULL ELSE (SELECT id FROM bench_users WHERE n = g % ${USERS}) END,
             (SELECT id FROM bench_users WHERE n = (g * 7) % ${USERS}),
             now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day'
        FROM generate_series(1, ${subjects}) g;
    INSERT INTO kyc_documents (subject_id, type, status, created_at, updated_at)
      SELECT s.id, t.type, (ARRAY['new', 'pending', 'pending', 'approved', 'approved', 'approved', 'rejected', 'revision'])[1 + (s.id * 3 + t.n) % 8],
             s.created_at, s.created_at + ((s.id * 13 + t.n * 7) % 2000) * interval '1 minute'
        FROM kyc_subjects s
        CROSS JOIN (VALUES (0, 'pan_card'), (1, 'aadhaar_card'), (2, 'picture'), (3, 'signature')) AS t (n, type);
    INSERT INTO kyc_document_files (document_id, seq, blob_id, content_type, filename, size, sha256, width, height, uploaded_by, uploaded_at, scan_status)
      SELECT d.id, 1, '00000000-0000-4000-8000-000000000001', 'image/jpeg', d.type || '.jpg', 123456, repeat('0', 64), 1200, 800,
             (SELECT id FROM bench_users WHERE n = d.id % ${USERS}), d.updated_at, 'skipped'
        FROM kyc_documents d;
    -- Seeding only: the trigger would stamp every document with now().
    ALTER TABLE kyc_documents DISABLE TRIGGER kyc_documents_touch;
    UPDATE kyc_documents d SET current_file_id = f.id FROM kyc_document_files f WHERE f.document_id = d.id;
    ALTER TABLE kyc_documents ENABLE TRIGGER kyc_documents_touch;
  `);
  for (const table of ['kyc_subjects', 'kyc_documents', 'kyc_document_files', 'users']) await db.query(`VACUUM ANALYZE ${table}`);
}

function day(offsetDays: number): string {
  return new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** Deterministic mix of what the review screens ask for, most often the default view. */
function scenarios(userIds: string[], subjects: number): Array<{ name: string; url: string; query: Query }> {
  const list: Array<{ name: string; url: string; query: Query }> = [];
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const statuses = ['new', 'pending', 'approved', 'rejected', 'revision'];
  const types = ['pan_card', 'aadhaar_card', 'picture', 'signature'];
  const docs = `${API}/documents`;
  for (let index = 0; index < CALLS; index += 1) {
    const page = String(1 + next(5));
    const pageSize = String([20, 20, 50, 100][next(4)]);
    const user = userIds[next(userIds.length)] as string;
    switch (index % 12) {
      case 0:
      case 1:
      case 2:
        list.push({ name: 'documents: default', url: docs, query: { page, pageSize } });
        break;
      case 3:
        list.push({ name: 'documents: status', url: docs, query: { status: statuses[next(5)] as string, page, pageSize } });
        break;
      case 4:
        list.push({ name: 'documents: type + status', url: docs, query: { type: types[next(4)] as string, status: statuses[next(5)] as string, page, pageSize } });
        break;
      case 5:
        list.push({ name: 'documents: assignee', url: docs, query: { assignee: user, status: 'pending', page, pageSize } });
        break;
      case 6:
        list.push({ name: 'documents: uploadedBy', url: docs, query: { uploadedBy: user, page, pageSize } });
        break;
      case 7:
        list.push({ name: 'documents: q (name)', url: docs, query: { q: `person${1 + next(subjects)}`, pageSize } });
        break;
      case 8: {
        const from = 30 + next(300);
        list.push({ name: 'documents: month', url: docs, query: { from: day(from), to: day(from - 30), page, pageSize } });
        break;
      }
      case 9: {
        const sort = ['subjectName:asc', 'status:asc', 'type:desc', 'updatedAt:asc'][next(4)] as string;
        list.push({ name: 'documents: other sorts', url: docs, query: { sort, page, pageSize } });
        break;
      }
      case 10:
        list.push({ name: 'subjects: default / status', url: `${API}/subjects`, query: next(2) ? { page, pageSize } : { status: statuses[next(5)] as string, page } });
        break;
      default:
        list.push({ name: 'documents: deep page', url: docs, query: { page: '101', pageSize: '20' } });
    }
  }
  return list;
}

async function benchOn(label: string, db: Db, dataDir: string, config: string, subjects: number): Promise<void> {
  console.log(`\n## KYC lists on ${label}: ${(subjects * 4).toLocaleString('en')} documents of ${subjects.toLocaleString('en')} subjects, ${CALLS} sealed calls`);
  const app: FastifyInstance = await buildApp({
    logger: false,
    db,
    env: { DATA_DIR: dataDir, DEMO_DATA: 'false', ADMIN_PASSWORD: PASSWORD, RSA_BITS: 2048, LOG_LEVEL: 'silent', APP_CONFIG: config, STATIC_DIR: dataDir },
  });
  try {
    const started = performance.now();
    await seedKyc(db, subjects);
    console.log(`seed + vacuum analyze   ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const users = (await db.query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username LIKE 'kycbench%'`)).rows.map((row) => row.id);
    const caller = await loginCaller(app);
    const mix = scenarios(users, subjects);
    await timeListMix(caller, mix, WARMUP);
  } finally {
    await app.close();
  }
}

export async function benchKycLists(): Promise<void> {
  const words = (subjects: number) => `${(subjects * 4).toLocaleString('en')} documents`;
  await onEachDatabase('KYC lists', { size: SUBJECTS, pgliteSize: PGLITE_SUBJECTS, pgliteEnv: 'BENCH_PGLITE_KYC_SUBJECTS', words }, (label, url, subjects) =>
    withBenchDatabase(url, ['kyc-management'], (db, dataDir, config) => benchOn(label, db, dataDir, config, subjects)),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchKycLists();
