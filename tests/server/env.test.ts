import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { EnvError, loadEnv } from '../../server/src/env.js';
import { AppConfigError } from '../../server/src/lib/app-config-store.js';
import { TEST_ENV } from './helper.js';

describe('environment', () => {
  it('fills the documented defaults', () => {
    expect(loadEnv({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      PRODUCT: 'backoffice',
      DATA_DIR: './data',
      APP_CONFIG: 'config/app.json',
      ADMIN_USERNAME: 'superadmin',
      DEMO_DATA: true,
      MAIL_FROM: 'Backoffice <no-reply@backoffice.example>',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'auto',
      RSA_BITS: 3072,
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_HOURS: 12,
      STATIC_DIR: 'dist',
      TRUST_PROXY: false,
      CLAMD_TIMEOUT_MS: 30_000,
      BLOB_STORE: 'db',
      EGRESS_ALLOWED_HOSTS: 'www.nseindia.com,nsearchives.nseindia.com,www.bseindia.com,api.bseindia.com',
      EGRESS_ALLOW_PRIVATE: false,
    });
  });

  it('converts strings, treats empty values as unset and ignores other variables', () => {
    const env = loadEnv({ PORT: '0', RSA_BITS: '2048', DEMO_DATA: '0', SMTP_URL: '', HOME: '/root' });
    expect(env).toMatchObject({ PORT: 0, RSA_BITS: 2048, DEMO_DATA: false });
    expect(env).not.toHaveProperty('SMTP_URL');
    expect(env).not.toHaveProperty('HOME');
  });

  it.each([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
  ])('reads DEMO_DATA=%s and TRUST_PROXY=%s alike', (value, expected) => {
    expect(loadEnv({ DEMO_DATA: value }).DEMO_DATA).toBe(expected);
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(expected);
  });

  it('trusts no proxy unless told to', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ RSA_BITS: '1024' }, 'RSA_BITS'],
    [{ PRODUCT: 'Back Office' }, 'PRODUCT'],
    [{ ADMIN_USERNAME: 'a-name-far-too-long' }, 'ADMIN_USERNAME'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA'],
    [{ TRUST_PROXY: 'always' }, 'TRUST_PROXY'],
    [{ SECRET_KEY: 'too-short' }, 'SECRET_KEY'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ CLAMD_PORT: '0', CLAMD_HOST: 'clamd' }, 'CLAMD_PORT'],
    [{ CLAMD_TIMEOUT_MS: '10' }, 'CLAMD_TIMEOUT_MS'],
    [{ CLAMD_PORT: '3310' }, 'CLAMD_PORT'],
    [{ CLAMD_SOCKET: '/run/clamav/clamd.ctl', CLAMD_HOST: 'clamd' }, 'CLAMD_SOCKET and CLAMD_HOST'],
    [{ BLOB_STORE: 's3' }, 'BLOB_STORE'],
    [{ BLOB_STORE: 'fs' }, 'BLOB_DIR'],
    [{ BLOB_DIR: '/srv/blobs' }, 'BLOB_DIR'],
    [{ EGRESS_ALLOWED_HOSTS: 'https://www.bseindia.com/feed' }, 'EGRESS_ALLOWED_HOSTS'],
    [{ EGRESS_ALLOW_PRIVATE: 'yes' }, 'EGRESS_ALLOW_PRIVATE'],
  ])('refuses %o naming %s', (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`^\\s*${name}: `, 'm'));
  });

  it('names every bad variable at once, without echoing values', () => {
    try {
      loadEnv({ PORT: 'x', RSA_BITS: '512', ADMIN_PASSWORD: 'hunter' });
      expect.unreachable();
    } catch (error) {
      const { message, problems } = error as EnvError;
      expect(problems.map((problem) => problem.split(':')[0])).toEqual(['PORT', 'ADMIN_PASSWORD', 'RSA_BITS']);
      expect(message).not.toContain('hunter');
    }
  });

  it('makes buildApp fail before it opens anything', async () => {
    await expect(buildApp({ env: { ...TEST_ENV, RSA_BITS: '1000' }, logger: false })).rejects.toThrow(/RSA_BITS/);
  });
});

describe('app configuration file at start', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bo-config-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const start = (file: string) =>
    buildApp({ env: { ...TEST_ENV, DATABASE_URL: 'memory://', DATA_DIR: dir, APP_CONFIG: file }, logger: false });

  it('lists each problem with its JSON path', async () => {
    const file = path.join(dir, 'bad.json');
    const config = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile('config/app.json', 'utf8')));
    config.defaults.pageSize = 1000;
    config.menu[0].key = 'Not A Key';
    await writeFile(file, JSON.stringify(config));
    const error = (await start(file).catch((caught: unknown) => caught)) as AppConfigError;
    expect(error).toBeInstanceOf(AppConfigError);
    expect(error.message).toContain(file);
    expect(error.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/defaults\/pageSize /), expect.stringMatching(/^\/menu\/0\/key /)]),
    );
  });

  it('says when the file is not JSON', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{ "product": ');
    await expect(start(file)).rejects.toThrow(/Invalid app configuration .*broken\.json:\n {2}\/ /);
  });

  it('says when the file is missing', async () => {
    await expect(start(path.join(dir, 'missing.json'))).rejects.toThrow(AppConfigError);
  });
});
