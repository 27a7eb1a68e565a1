import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/app.js';
import { chooseLogFormat, readByPerson } from '../../server/src/lib/log-format.js';
import { startBanner } from '../../server/src/lib/start-banner.js';
import { requestLogLevel } from '../../server/src/plugins/request-log.js';
import { API, describeEachDatabase, login, TEST_ENV } from './helper.js';

// What a start prints (issue 23, items 12 and 13): a banner for a person at a terminal, JSON
// lines for a collector, one quiet line per request, and a server reachable from this machine only.

const BANNER_ENV = { HOST: '127.0.0.1', DATA_DIR: 'data', BLOB_STORE: 'db' } as const;

describe('log format', () => {
  it('is readable for a person at a terminal, JSON lines for a pipe, CI or production', () => {
    expect(readByPerson({ isTTY: true }, {})).toBe(true);
    expect(readByPerson({ isTTY: false }, {})).toBe(false);
    expect(readByPerson({}, {})).toBe(false);
    expect(readByPerson({ isTTY: true }, { CI: 'true' })).toBe(false);
    expect(readByPerson({ isTTY: true }, { NODE_ENV: 'production' })).toBe(false);

    expect(chooseLogFormat('auto', true)).toBe('pretty');
    expect(chooseLogFormat('auto', false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });

  it('writes a request at debug, unless it failed with a 5xx or was slow', () => {
    expect(requestLogLevel(200, 5)).toBe('debug');
    expect(requestLogLevel(404, 5)).toBe('debug');
    expect(requestLogLevel(500, 5)).toBe('info');
    expect(requestLogLevel(503, 5)).toBe('info');
    expect(requestLogLevel(200, 1000)).toBe('info');
  });
});

describe('start banner', () => {
  it('on a first start: the URL, each account with its generated password, and where the data is', () => {
    const banner = startBanner({
      url: 'http://127.0.0.1:8080/backoffice/',
      env: BANNER_ENV,
      accounts: [
        { username: 'superadmin', role: 0, variable: 'ADMIN_PASSWORD', created: true, generatedPassword: 'Gen3rated-Super1' },
        { username: 'admin', role: 1, variable: 'DEMO_PASSWORD', created: true, generatedPassword: 'Gen3rated-Demo12' },
        { username: 'analyst', role: 2, variable: 'DEMO_PASSWORD', created: true, generatedPassword: 'Gen3rated-Demo12' },
      ],
    });
    const lines = banner.split('\n');
    expect(lines[0]).toBe('Backoffice is running at http://127.0.0.1:8080/backoffice/');
    expect(banner).toContain('only this machine can reach it (HOST=127.0.0.1)');
    expect(lines).toContain('  superadmin  Super Admin  Gen3rated-Super1');
    expect(lines).toContain('  admin       Admin        Gen3rated-Demo12');
    expect(lines).toContain('  analyst     User         Gen3rated-Demo12');
    expect(banner).toContain('shown this once');
    expect(banner).toContain(`Database: PGlite in ${path.resolve('data', 'pglite')}`);
    expect(banner).toContain(`Data folder: ${path.resolve('data')}`);
    expect(banner).not.toContain('Forgot password');
  });

  it('on a later start: no password, where it came from and how to reset one; no database credentials', () => {
    const banner = startBanner({
      url: 'http://10.0.0.5:8080/backoffice/',
      env: { ...BANNER_ENV, HOST: '0.0.0.0', DATABASE_URL: 'postgres://app:s3cret-pw@db.internal:5432/backoffice', SMTP_URL: 'smtp://mail' },
      accounts: [
        { username: 'superadmin', role: 0, variable: 'ADMIN_PASSWORD', created: false },
        { username: 'admin', role: 1, variable: 'DEMO_PASSWORD', created: false },
      ],
    });
    expect(banner).toContain('listening on 0.0.0.0: other machines can reach it');
    expect(banner.split('\n')).toContain('  superadmin  Super Admin  password as printed (or ADMIN_PASSWORD) when it was created');
    expect(banner).toContain('"Forgot password" on the sign-in page sends a code by mail');
    expect(banner).toContain('Database: PostgreSQL at db.internal:5432/backoffice');
    expect(banner).not.toContain('s3cret-pw');
    expect(banner).not.toContain('shown this once');
  });
});

describeEachDatabase('what a start tells about its accounts', (suite) => {
  it('hands the banner the passwords it generated, once, and they sign in', async () => {
    const first = await suite.build({ ADMIN_PASSWORD: '', DEMO_PASSWORD: '' });
    const generated = first.bootstrapAccounts.filter((account) => account.generatedPassword);
    expect(generated.map((account) => account.username)).toEqual(['superadmin', 'admin', 'analyst']);
    const banner = startBanner({ url: 'http://127.0.0.1:1/backoffice/', env: first.env, accounts: first.bootstrapAccounts });
    for (const account of generated) {
      expect(banner).toContain(account.generatedPassword);
      await login(first, account.username, account.generatedPassword as string);
    }

    const later = await suite.build({ ADMIN_PASSWORD: '', DEMO_PASSWORD: '' });
    expect(later.bootstrapAccounts.map(({ username, created, generatedPassword }) => ({ username, created, generatedPassword }))).toEqual([
      { username: 'superadmin', created: false, generatedPassword: undefined },
      { username: 'admin', created: false, generatedPassword: undefined },
      { username: 'analyst', created: false, generatedPassword: undefined },
    ]);
  });

  it('logs a plain request at debug only, one line with its status and time', async () => {
    const lines: string[] = [];
    const app = await suite.build({}, { logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } } });
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: `${API}/health?q=1234 5678 9012` })).statusCode).toBe(200);
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; statusCode?: number; url?: string });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 20, statusCode: 200, url: `${API}/health?q=[redacted]` });
    expect(logged[0]?.msg).toMatch(new RegExp(`^GET ${API}/health\\?q=\\[redacted\\] 200 \\d+ ms$`));
  });
});

describe('listen address', () => {
  it('is loopback unless HOST says otherwise', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bo-listen-'));
    let app: FastifyInstance | undefined;
    try {
      expect(TEST_ENV).not.toHaveProperty('HOST');
      const started = await startServer({ env: { ...TEST_ENV, PORT: 0, DATA_DIR: dataDir, DATABASE_URL: 'memory://', DEMO_DATA: false }, logger: false });
      app = started.app;
      expect(app.env.HOST).toBe('127.0.0.1');
      expect(app.server.address()).toMatchObject({ address: '127.0.0.1' });
      expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/backoffice\/$/);
    } finally {
      await app?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
