import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/src/app.js';
import { openPglite } from '../../server/src/db/pglite.js';
import type { Db } from '../../server/src/db/index.js';
import type { EnvInput } from '../../server/src/env.js';
import { newestRcKey } from '../../common/protocol/entity.js';
import { sealWithWebCrypto } from '../../src/protocol/seal-webcrypto.js';
import type { SealedHeaders, SealInput } from '../../common/protocol/types.js';

export const API = '/backoffice/api';
export const ADMIN_PASSWORD = 'Super1234';
export const DEMO_PASSWORD = 'Demo12345';
export const SESSION_EXPIRED = { message: 'Your session has expired. Please login again.', code: 'sessionExpired' };

/** Small keys and a quiet log: the protocol is the same, start-up much faster. */
export const TEST_ENV: EnvInput = {
  RSA_BITS: 2048,
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  LOG_LEVEL: 'silent',
  STATIC_DIR: 'tests/server/no-such-dist',
};

export type DatabaseKind = 'pglite' | 'postgres';

export interface SuiteContext {
  kind: DatabaseKind;
  /** The suite's temporary DATA_DIR (outbox, PGlite files). */
  dataDir(): string;
  /** A fresh app on the suite's database, closed after the test. */
  build(env?: EnvInput, options?: Omit<BuildAppOptions, 'env'>): Promise<FastifyInstance>;
  /** Direct SQL on the suite's database, beside the apps. */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/**
 * Declares the suite twice: on in-memory PGlite and on a fresh PostgreSQL database
 * made from TEST_DATABASE_URL (dropped after). Apps built within a suite share its
 * database, as instances of one deployment do; each test gets its own app.
 */
export function describeEachDatabase(title: string, fn: (suite: SuiteContext) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !testDatabaseUrl) {
      describe.skip(`${title} [postgres: skipped, TEST_DATABASE_URL is unset]`, () => fn(unusable(kind)));
      continue;
    }
    describe(`${title} [${kind}]`, () => fn(suiteContext(kind)));
  }
}

function unusable(kind: DatabaseKind): SuiteContext {
  const fail = () => {
    throw new Error('skipped suite');
  };
  return { kind, dataDir: fail, build: fail, sql: fail };
}

function suiteContext(kind: DatabaseKind): SuiteContext {
  let dataDir = '';
  let shared: Db | undefined;
  let databaseUrl: string | undefined;
  let adminUrl: string | undefined;
  let databaseName = '';
  let sqlClient: pg.Client | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bo-test-'));
    if (kind === 'pglite') {
      shared = await openPglite('memory://');
      return;
    }
    adminUrl = testDatabaseUrl;
    databaseName = `bo_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${databaseName}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    sqlClient = new pg.Client({ connectionString: databaseUrl });
    await sqlClient.connect();
  });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  afterAll(async () => {
    await shared?.close();
    await sqlClient?.end();
    if (databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return {
    kind,
    dataDir: () => dataDir,
    async build(env = {}, options = {}) {
      const app = await buildApp({
        env: { ...TEST_ENV, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? 'memory://', ...env },
        logger: false,
        db: shared,
        ...options,
      });
      apps.push(app);
      return app;
    },
    async sql<T>(query: string, params: unknown[] = []) {
      if (shared) return (await shared.query<T>(query, params)).rows;
      return (await (sqlClient as pg.Client).query(query, params)).rows as T[];
    },
  };
}

// ---------------------------------------------------------------------------
// Accounts and sealed requests, as the browser client makes them.

let ipCounter = 0;
/** A fresh client address, so the per-IP login limit of one test does not leak into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let userCounter = 0;
export function uniqueName(prefix = 'u'): string {
  userCounter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${userCounter}`.slice(0, 15);
}

export interface Session {
  userId: string;
  username: string;
  accessToken: string;
  rcKey: string;
  publicKeyPem: string;
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: `${API}/login`,
    payload: { username, password },
    remoteAddress: freshIp(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ user_id: string; username: string; access_token: string }>();
  const publicKey = await app.inject({ method: 'GET', url: `${API}/publicKey` });
  return {
    userId: body.user_id,
    username: body.username,
    accessToken: body.access_token,
    rcKey: String(response.headers['rc-key']),
    publicKeyPem: publicKey.json<{ publicKey: string }>().publicKey,
  };
}

/** Registers and activates a User (role 2 unless given), as an admin would. */
export async function createUser(
  suite: SuiteContext,
  app: FastifyInstance,
  options: { role?: 0 | 1 | 2; password?: string } = {},
): Promise<{ username: string; email: string; password: string; userId: string }> {
  const username = uniqueName();
  const email = `${username}@example.com`;
  const password = options.password ?? 'Secret123';
  const response = await app.inject({
    method: 'POST',
    url: `${API}/users`,
    payload: { username, email, password, name: `Test ${username}` },
    // Each from its own address: registrations are rate-limited per address, and that is not what these tests are about.
    remoteAddress: freshIp(),
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const userId = response.json<{ user_id: string }>().user_id;
  await suite.sql(`UPDATE users SET status = 'active', role = $2 WHERE id = $1`, [userId, options.role ?? 2]);
  return { username, email, password, userId };
}

export function sealFor(session: Session, overrides: Partial<SealInput> = {}): Promise<SealedHeaders> {
  return sealWithWebCrypto({
    username: session.username,
    userId: session.userId,
    accessToken: session.accessToken,
    rcKey: session.rcKey,
    publicKeyPem: session.publicKeyPem,
    ...overrides,
  });
}

/** A sealed call; the session keeps the newest rc-key, as the client does. */
export async function sealed(
  app: FastifyInstance,
  session: Session,
  request: InjectOptions & { seal?: Partial<SealInput> },
): Promise<LightMyRequestResponse> {
  const { seal, headers, ...rest } = request;
  const sealedHeaders = await sealFor(session, seal);
  const response = await app.inject({ ...rest, headers: { ...sealedHeaders, ...headers } });
  const rcKey = response.headers['rc-key'];
  if (typeof rcKey === 'string') session.rcKey = newestRcKey(session.rcKey, rcKey) ?? session.rcKey;
  return response;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails written to the outbox for `email` that `keep` accepts, oldest first, once there are at least `count`. */
export async function outboxMails(
  dataDir: string,
  email: string,
  count = 1,
  keep: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail[]> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mails: OutboxMail[] = [];
    for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
      const mail = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as OutboxMail;
      if (mail.to.toLowerCase() === email.toLowerCase() && keep(mail)) mails.push(mail);
    }
    if (mails.length >= count) return mails;
    // The mail leaves after the answer, so this waits a little.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} mails for ${email} in ${outbox}`);
}

const CODE_IN_MAIL = /\b(\d{6})\b/;

/** The one-time codes mailed to `email`, oldest first, once there are at least `count`. */
export async function outboxCodes(dataDir: string, email: string, count = 1): Promise<string[]> {
  const mails = await outboxMails(dataDir, email, count, (mail) => CODE_IN_MAIL.test(mail.text));
  return mails.map((mail) => CODE_IN_MAIL.exec(mail.text)?.[1] as string);
}

export async function latestOutboxCode(dataDir: string, email: string, count = 1): Promise<string> {
  return (await outboxCodes(dataDir, email, count)).at(-1) as string;
}

// ---------------------------------------------------------------------------
// Multipart forms, as a browser's FormData sends them.

// One multipart builder for the tests and the bench (which runs without vitest).
export { formData, type FormFile } from '../fixtures/kyc-forms';
