import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/src/env.js';
import type { AppConfig } from '../../common/config/schema.js';
import { ADMIN_PASSWORD, API, describeEachDatabase, login, sealed } from './helper.js';

// A second instance of the UI service under another PRODUCT, on the same database, is a
// data provider of the app (README "Data providers"): the session made by one is good on
// the other, and the other origin is allowed by CORS_ORIGINS.

const APP_ORIGIN = 'http://app.example:8080';
const ARCHIVE_API = '/archive/api';
const ENTERPRISES = 'be-api-management/admin/enterprises';

function configFile(dir: string, name: string, change: (config: AppConfig) => AppConfig): string {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync('config/app.json', 'utf8')) as AppConfig)));
  return file;
}

describeEachDatabase('a second UI service as a data provider', (suite) => {
  const archive = () =>
    suite.build({
      PRODUCT: 'archive',
      APP_CONFIG: configFile(suite.dataDir(), 'archive', (config) => ({ ...config, product: 'archive', apiBaseUrl: ARCHIVE_API })),
      CORS_ORIGINS: `${APP_ORIGIN}, http://other.example`,
    });

  it('accepts requests sealed with a session of the first, and hands back keys the first accepts', async () => {
    const main = await suite.build();
    const other = await archive();
    const session = await login(main, 'superadmin', ADMIN_PASSWORD);
    const list = await sealed(other, session, { method: 'GET', url: `${ARCHIVE_API}/${ENTERPRISES}?page=1&pageSize=5` });
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(0);
    expect(list.headers['rc-key']).toBeTypeOf('string');
    // The key the second handed out seals the next request to the first.
    expect((await sealed(main, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);
    // And a logout on the first ends the session on the second.
    expect((await sealed(main, session, { method: 'POST', url: `${API}/logout` })).statusCode).toBeLessThan(300);
    expect((await sealed(other, session, { method: 'GET', url: `${ARCHIVE_API}/me` })).statusCode).toBe(401);
  });

  it('answers the preflight of an allowed origin with the sealed headers, and no other origin', async () => {
    const other = await archive();
    const preflight = (origin: string) =>
      other.inject({
        method: 'OPTIONS',
        url: `${ARCHIVE_API}/${ENTERPRISES}`,
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,encrypted-key,key-padding,unique-req-id',
        },
      });
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(String(allowed.headers['access-control-allow-headers']).split(/\s*,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'encrypted-key', 'key-padding', 'unique-req-id']),
    );
    expect((await preflight('http://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the page read the cipher key and the total of a cross-origin answer', async () => {
    const main = await suite.build();
    const other = await archive();
    const session = await login(main, 'superadmin', ADMIN_PASSWORD);
    const list = await sealed(other, session, { method: 'GET', url: `${ARCHIVE_API}/${ENTERPRISES}`, headers: { origin: APP_ORIGIN } });
    expect(list.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(String(list.headers['access-control-expose-headers']).split(/\s*,\s*/)).toEqual(expect.arrayContaining(['rc-key', 'x-total-count']));
  });

  it('allows no other origin when CORS_ORIGINS is unset', async () => {
    const main = await suite.build();
    const answer = await main.inject({ method: 'GET', url: `${API}/health`, headers: { origin: APP_ORIGIN } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("lets the app's page connect to the origins of its data providers (CSP connect-src)", async () => {
    const main = await suite.build({
      APP_CONFIG: configFile(suite.dataDir(), 'main', (config) => ({
        ...config,
        dataProviders: { archive: { apiBaseUrl: 'http://archive.example:9000/archive/api', resources: ['enterprises'] }, near: { apiBaseUrl: '/near/api' } },
      })),
    });
    const csp = String((await main.inject({ method: 'GET', url: `${API}/health` })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' http://archive.example:9000;");
  });
});

describe('CORS_ORIGINS', () => {
  it('must be origins, not URLs with paths', () => {
    expect(loadEnv({ CORS_ORIGINS: 'https://a.example, http://b.example:8080' }).CORS_ORIGINS).toBeDefined();
    for (const bad of ['a.example', 'https://a.example/app', 'https://a.example,,https://b.example']) {
      expect(() => loadEnv({ CORS_ORIGINS: bad })).toThrow(EnvError);
      expect(() => loadEnv({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
    }
  });
});
