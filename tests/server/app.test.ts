import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { copyFile, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { PLAIN_INDEX } from '../../common/config/prerendered-look.js';
import { migrate, readMigrations } from '../../server/src/db/migrate.js';
import { API, describeEachDatabase, TEST_ENV } from './helper.js';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';worker-src 'self' blob:;object-src 'none';frame-src blob:;" +
  "frame-ancestors 'none';base-uri 'self';form-action 'self'";

describeEachDatabase('app', (suite) => {
  it('reports health once migrated', async () => {
    const app = await suite.build();
    const response = await app.inject({ method: 'GET', url: `${API}/health` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 on health when the migrations are not all recorded', async () => {
    const app = await suite.build();
    await suite.sql('ALTER TABLE schema_migrations RENAME TO schema_migrations_hidden');
    try {
      const response = await app.inject({ method: 'GET', url: `${API}/health` });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    } finally {
      await suite.sql('ALTER TABLE schema_migrations_hidden RENAME TO schema_migrations');
    }
  });

  it('migrates once: a second start and a second run apply nothing', async () => {
    const app = await suite.build();
    await suite.build();
    const rows = await suite.sql<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    const migrations = await readMigrations();
    expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
    expect(await migrate(app.db, migrations)).toEqual([]);
  });

  it('creates the super admin and demo accounts once, whatever the number of starts', async () => {
    await Promise.all([suite.build(), suite.build()]);
    const rows = await suite.sql<{ username: string; role: number; status: string }>(
      `SELECT username, role, status FROM users WHERE username IN ('superadmin', 'admin', 'analyst') ORDER BY role`,
    );
    expect(rows).toEqual([
      { username: 'superadmin', role: 0, status: 'active' },
      { username: 'admin', role: 1, status: 'active' },
      { username: 'analyst', role: 2, status: 'active' },
    ]);
  });

  it('shares one server key pair between instances', async () => {
    const [a, b] = await Promise.all([suite.build(), suite.build()]);
    const keyOf = async (app: typeof a) => (await app.inject({ method: 'GET', url: `${API}/publicKey` })).json();
    const first = await keyOf(a);
    expect(first.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(await keyOf(b)).toEqual(first);
    expect(await suite.sql('SELECT id FROM server_keys')).toHaveLength(1);
  });

  it('serves the OpenAPI description generated from the route schemas, and its UI', async () => {
    const app = await suite.build();
    const response = await app.inject({ method: 'GET', url: `${API}/openapi.json` });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([`${API}/login`, `${API}/users`, `${API}/me`, `${API}/health`]),
    );
    expect(Object.keys(spec.paths).every((url: string) => url.startsWith(`${API}/`))).toBe(true);
    expect(spec.paths[`${API}/users`].post.requestBody.content['application/json'].schema.properties.username.pattern).toBe(
      '^[A-Za-z0-9._-]{3,15}$',
    );
    expect(spec.paths[`${API}/me`].get.security).toEqual([{ sealed: [] }]);
    expect(spec.paths[`${API}/login`].post.security).toBeUndefined();

    const docs = await app.inject({ method: 'GET', url: `${API}/docs/` });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends the app CSP and other security headers, the docs UI included', async () => {
    const app = await suite.build();
    const health = await app.inject({ method: 'GET', url: `${API}/health` });
    expect(health.headers['content-security-policy']).toBe(CSP);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['strict-transport-security']).toBeDefined();
    const docs = await app.inject({ method: 'GET', url: `${API}/docs/` });
    expect(docs.headers['content-security-policy']).toBe(CSP);
  });

  it('answers 503 with a hint when the web app is not built, and redirects to it', async () => {
    const app = await suite.build();
    const page = await app.inject({ method: 'GET', url: '/backoffice/' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toContain('npm run build');
    for (const url of ['/', '/backoffice']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/backoffice/');
    }
  });

  it('answers unknown paths with a JSON 404, API or not', async () => {
    const app = await suite.build();
    for (const [method, url] of [
      ['GET', `${API}/nothing-here`],
      ['POST', `${API}/nothing-here`],
      ['GET', '/elsewhere'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Not found.' });
    }
  });

  it('serves the runtime configuration, re-read when the file changes', async () => {
    const file = path.join(suite.dataDir(), `app-${suite.kind}.json`);
    await copyFile('config/app.json', file);
    const app = await suite.build({ APP_CONFIG: file });
    const first = await app.inject({ method: 'GET', url: '/backoffice/app-config.json' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual(JSON.parse(await readFile('config/app.json', 'utf8')));

    const edited = { ...first.json(), modules: [{ name: 'Reports', isEnabled: true }] };
    await writeFile(file, JSON.stringify(edited));
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    expect((await app.inject({ method: 'GET', url: '/backoffice/app-config.json' })).json()).toEqual(edited);

    // A broken edit keeps the last good configuration.
    await writeFile(file, JSON.stringify({ ...edited, defaults: { pageSize: 'twenty' } }));
    await utimes(file, new Date(), new Date(Date.now() + 10_000));
    const broken = await app.inject({ method: 'GET', url: '/backoffice/app-config.json' });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toEqual(edited);
  });

  it('lists every API route with the access it declares', async () => {
    const app = await suite.build();
    const table = app.routeAccess.filter((entry) => entry.method !== 'HEAD');
    expect(table.map((entry) => `${entry.method} ${entry.url.slice(API.length)} ${JSON.stringify(entry.access)}`)).toEqual([
      'GET /publicKey "anonymous"',
      'POST /login "anonymous"',
      'POST /users "anonymous"',
      'POST /forgot-password "anonymous"',
      'POST /reset-password "anonymous"',
      'POST /change-user-password "authenticated"',
      'GET /me "authenticated"',
      'POST /logout "authenticated"',
      'GET /be-api-management/admin/users {"resource":"users","action":"list"}',
      'GET /be-api-management/admin/users/enterprise-options {"resource":"users","action":"list"}',
      'GET /be-api-management/admin/users/:id {"resource":"users","action":"show"}',
      'POST /be-api-management/admin/users {"resource":"users","action":"create"}',
      'PUT /be-api-management/admin/users/:id {"resource":"users","action":"edit"}',
      'POST /be-api-management/admin/users/:id/approve {"resource":"users","action":"edit"}',
      'POST /be-api-management/admin/users/:id/disable {"resource":"users","action":"edit"}',
      'POST /be-api-management/admin/users/:id/enable {"resource":"users","action":"edit"}',
      'POST /be-api-management/admin/users/:id/reset-password {"resource":"users","action":"edit"}',
      'GET /be-api-management/admin/audit-log {"resource":"audit-log","action":"list"}',
      'POST /be-api-management/admin/users/export {"resource":"users","action":"list"}',
      'POST /be-api-management/admin/audit-log/export {"resource":"audit-log","action":"list"}',
      'POST /be-api-management/admin/users/:id/transitions/approve {"resource":"users","action":"list"}',
      'POST /be-api-management/admin/users/transitions/approve {"resource":"users","action":"list"}',
      'POST /be-api-management/admin/users/:id/transitions/disable {"resource":"users","action":"list"}',
      'POST /be-api-management/admin/users/transitions/disable {"resource":"users","action":"list"}',
      'POST /be-api-management/admin/users/:id/transitions/enable {"resource":"users","action":"list"}',
      'POST /be-api-management/admin/users/transitions/enable {"resource":"users","action":"list"}',
      'GET /be-api-management/announcements {"resource":"announcements","action":"list"}',
      'POST /be-api-management/announcements/export {"resource":"announcements","action":"list"}',
      'GET /be-api-management/announcements/companies {"resource":"announcements","action":"list"}',
      'GET /be-api-management/announcements/:id {"resource":"announcements","action":"show"}',
      'POST /be-api-management/announcements {"resource":"announcements","action":"create"}',
      'PUT /be-api-management/announcements/:id {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/publish {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/suppress {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/reopen {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/retract {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/merge {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/separate {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/company {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/lock {"resource":"announcements","action":"edit"}',
      'DELETE /be-api-management/announcements/:id/lock {"resource":"announcements","action":"edit"}',
      'POST /be-api-management/announcements/:id/transitions/publish {"resource":"announcements","action":"list"}',
      'POST /be-api-management/announcements/transitions/publish {"resource":"announcements","action":"list"}',
      'POST /be-api-management/announcements/:id/transitions/suppress {"resource":"announcements","action":"list"}',
      'POST /be-api-management/announcements/transitions/suppress {"resource":"announcements","action":"list"}',
      'POST /be-api-management/announcements/:id/transitions/reopen {"resource":"announcements","action":"list"}',
      'POST /be-api-management/announcements/transitions/reopen {"resource":"announcements","action":"list"}',
      'POST /be-api-management/announcements/:id/transitions/retract {"resource":"announcements","action":"list"}',
      'POST /be-api-management/announcements/transitions/retract {"resource":"announcements","action":"list"}',
      'GET /be-api-management/announcements/feeds {"resource":"announcement-feeds","action":"list"}',
      'POST /be-api-management/announcements/feeds/export {"resource":"announcement-feeds","action":"list"}',
      'GET /be-api-management/announcements/feeds/runs {"resource":"announcement-feeds","action":"list"}',
      'GET /be-api-management/announcements/feeds/runs/:id {"resource":"announcement-feeds","action":"show"}',
      'GET /be-api-management/announcements/feeds/:id {"resource":"announcement-feeds","action":"show"}',
      'POST /be-api-management/announcements/feeds {"resource":"announcement-feeds","action":"create"}',
      'PUT /be-api-management/announcements/feeds/:id {"resource":"announcement-feeds","action":"edit"}',
      'DELETE /be-api-management/announcements/feeds/:id {"resource":"announcement-feeds","action":"delete"}',
      'POST /be-api-management/announcements/feeds/:id/run {"resource":"announcement-feeds","action":"edit"}',
      'POST /be-api-management/announcements/events/ticket {"resource":"announcements","action":"list"}',
      'GET /be-api-management/announcements/events "anonymous"',
      'POST /be-api-management/announcements/:id/attachment {"resource":"announcements","action":"show"}',
      'GET /be-api-management/announcements/attachment/:ticket "anonymous"',
      'GET /be-api-management/announcements/stats {"resource":"announcements","action":"list"}',
      'GET /be-api-management/announcements/notices/current {"resource":"staff-notices","action":"list"}',
      'GET /be-api-management/news/search-company {"resource":"news-feeds","action":"list"}',
      'POST /be-api-management/news/update-company {"resource":"companies","action":"edit"}',
      'POST /be-api-management/news/upload-companies {"resource":"companies","action":"create"}',
      'GET /be-api-management/news/excel-template {"resource":"companies","action":"create"}',
      'GET /be-api-management/announcements/categories {"resource":"announcement-categories","action":"list"}',
      'POST /be-api-management/announcements/categories/export {"resource":"announcement-categories","action":"list"}',
      'GET /be-api-management/announcements/categories/:id {"resource":"announcement-categories","action":"show"}',
      'POST /be-api-management/announcements/categories {"resource":"announcement-categories","action":"create"}',
      'PUT /be-api-management/announcements/categories/:id {"resource":"announcement-categories","action":"edit"}',
      'DELETE /be-api-management/announcements/categories/:id {"resource":"announcement-categories","action":"delete"}',
      'GET /be-api-management/announcements/notices {"resource":"staff-notices","action":"list"}',
      'POST /be-api-management/announcements/notices/export {"resource":"staff-notices","action":"list"}',
      'GET /be-api-management/announcements/notices/:id {"resource":"staff-notices","action":"show"}',
      'POST /be-api-management/announcements/notices {"resource":"staff-notices","action":"create"}',
      'PUT /be-api-management/announcements/notices/:id {"resource":"staff-notices","action":"edit"}',
      'DELETE /be-api-management/announcements/notices/:id {"resource":"staff-notices","action":"delete"}',
      'GET /be-api-management/news/companies {"resource":"companies","action":"list"}',
      'POST /be-api-management/news/companies/export {"resource":"companies","action":"list"}',
      'GET /be-api-management/news/companies/:companyId {"resource":"companies","action":"show"}',
      'POST /be-api-management/news/companies {"resource":"companies","action":"create"}',
      'PUT /be-api-management/news/companies/:companyId {"resource":"companies","action":"edit"}',
      'GET /be-api-management/admin/enterprises {"resource":"enterprises","action":"list"}',
      'POST /be-api-management/admin/enterprises/export {"resource":"enterprises","action":"list"}',
      'GET /be-api-management/admin/enterprises/:id {"resource":"enterprises","action":"show"}',
      'POST /be-api-management/admin/enterprises {"resource":"enterprises","action":"create"}',
      'PUT /be-api-management/admin/enterprises/:id {"resource":"enterprises","action":"edit"}',
      'GET /be-api-management/news/data-corrections {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/news/data-corrections/export {"resource":"data-corrections","action":"list"}',
      'GET /be-api-management/news/data-corrections/:id {"resource":"data-corrections","action":"show"}',
      'POST /be-api-management/news/data-corrections {"resource":"data-corrections","action":"create"}',
      'PUT /be-api-management/news/data-corrections/:id {"resource":"data-corrections","action":"edit"}',
      'DELETE /be-api-management/news/data-corrections/:id {"resource":"data-corrections","action":"delete"}',
      'POST /be-api-management/news/data-corrections/:id/transitions/startReview {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/news/data-corrections/transitions/startReview {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/news/data-corrections/:id/transitions/fix {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/news/data-corrections/transitions/fix {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/news/data-corrections/:id/transitions/reject {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/news/data-corrections/transitions/reject {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/news/data-corrections/:id/transitions/reopen {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/news/data-corrections/transitions/reopen {"resource":"data-corrections","action":"list"}',
      'POST /be-api-management/admin/enterprises/:id/disable {"resource":"enterprises","action":"edit"}',
      'POST /be-api-management/admin/enterprises/:id/enable {"resource":"enterprises","action":"edit"}',
      'GET /be-api-management/finview/settings {"resource":"finview-settings","action":"list"}',
      'GET /be-api-management/finview/brand {"resource":"templates","action":"list"}',
      'PUT /be-api-management/finview/settings {"resource":"finview-settings","action":"edit"}',
      'GET /be-api-management/finview/templates {"resource":"templates","action":"list"}',
      'POST /be-api-management/finview/templates {"resource":"templates","action":"create"}',
      'GET /be-api-management/finview/templates/:id {"resource":"templates","action":"show"}',
      'GET /be-api-management/finview/templates/:id/versions/:version {"resource":"templates","action":"show"}',
      'PUT /be-api-management/finview/templates/:id/draft {"resource":"templates","action":"edit"}',
      'POST /be-api-management/finview/templates/:id/publish {"resource":"templates","action":"edit"}',
      'DELETE /be-api-management/finview/templates/:id {"resource":"templates","action":"delete"}',
      'POST /be-api-management/finview/preview {"resource":"templates","action":"list"}',
      'GET /be-api-management/finview/plugins {"resource":"plugins","action":"list"}',
      'POST /be-api-management/finview/plugins/export {"resource":"plugins","action":"list"}',
      'GET /be-api-management/finview/plugins/:id {"resource":"plugins","action":"show"}',
      'PUT /be-api-management/finview/plugins/:id {"resource":"plugins","action":"edit"}',
      'POST /be-api-management/finview/plugins/:id/sample {"resource":"plugins","action":"list"}',
      'GET /be-api-management/finview/plugins/price-series/series {"resource":"plugins","action":"list"}',
      'POST /be-api-management/finview/plugins/price-series/series {"resource":"plugins","action":"list"}',
      'DELETE /be-api-management/finview/plugins/price-series/series/:id {"resource":"plugins","action":"list"}',
      'POST /be-api-management/finview/outputs {"resource":"create-videos","action":"create"}',
      'GET /be-api-management/finview/outputs {"resource":"videos","action":"list"}',
      'GET /be-api-management/finview/outputs/:id {"resource":"videos","action":"show"}',
      'POST /be-api-management/finview/outputs/:id/cancel {"resource":"videos","action":"show"}',
      'POST /be-api-management/finview/outputs/:id/retry {"resource":"videos","action":"show"}',
      'POST /be-api-management/finview/outputs/:id/approve {"resource":"videos","action":"show"}',
      'DELETE /be-api-management/finview/outputs/:id {"resource":"videos","action":"delete"}',
      'POST /be-api-management/finview/outputs/:id/media {"resource":"videos","action":"show"}',
      'POST /be-api-management/finview/events/ticket {"resource":"videos","action":"list"}',
      'POST /be-api-management/finview/outputs/events/ticket {"resource":"videos","action":"list"}',
      'POST /be-api-management/finview/outputs/:id/transitions/approve {"resource":"videos","action":"list"}',
      'POST /be-api-management/finview/outputs/transitions/approve {"resource":"videos","action":"list"}',
      'GET /be-api-management/finview/media/:ticket "anonymous"',
      'GET /be-api-management/finview/events "anonymous"',
      'GET /be-api-management/finview/rules {"resource":"rules","action":"list"}',
      'GET /be-api-management/finview/rules/:id {"resource":"rules","action":"show"}',
      'POST /be-api-management/finview/rules {"resource":"rules","action":"create"}',
      'PUT /be-api-management/finview/rules/:id {"resource":"rules","action":"edit"}',
      'DELETE /be-api-management/finview/rules/:id {"resource":"rules","action":"delete"}',
      'POST /be-api-management/finview/rules/:id/run {"resource":"rules","action":"create"}',
      'GET /be-api-management/finview/companies {"resource":"plugins","action":"list"}',
      'POST /be-api-management/kyc/subjects {"resource":"kyc-upload","action":"create"}',
      'GET /be-api-management/kyc/subjects {"resource":"kyc-upload","action":"list"}',
      'GET /be-api-management/kyc/subjects/:id {"resource":"kyc-upload","action":"list"}',
      'PUT /be-api-management/kyc/subjects/:id {"resource":"kyc-upload","action":"edit"}',
      'POST /be-api-management/kyc/subjects/:id/claim {"resource":"kyc-documents","action":"edit"}',
      'POST /be-api-management/kyc/subjects/:id/documents/:type {"resource":"kyc-upload","action":"create"}',
      'GET /be-api-management/kyc/documents {"resource":"kyc-documents","action":"list"}',
      'GET /be-api-management/kyc/documents/:id {"resource":"kyc-documents","action":"show"}',
      'GET /be-api-management/kyc/documents/:id/file {"resource":"kyc-documents","action":"show"}',
      'POST /be-api-management/kyc/documents/:id/decision {"resource":"kyc-documents","action":"edit"}',
      'POST /be-api-management/kyc/documents/:id/mask {"resource":"kyc-documents","action":"edit"}',
      'GET /be-api-management/kyc/settings {"resource":"kyc-documents","action":"list"}',
      'PUT /be-api-management/kyc/settings {"resource":"kyc-settings","action":"edit"}',
      'POST /be-api-management/kyc/documents/:id/transitions/approve {"resource":"kyc-documents","action":"list"}',
      'POST /be-api-management/kyc/documents/transitions/approve {"resource":"kyc-documents","action":"list"}',
      'POST /be-api-management/kyc/documents/:id/transitions/reject {"resource":"kyc-documents","action":"list"}',
      'POST /be-api-management/kyc/documents/transitions/reject {"resource":"kyc-documents","action":"list"}',
      'POST /be-api-management/kyc/documents/:id/transitions/revision {"resource":"kyc-documents","action":"list"}',
      'POST /be-api-management/kyc/documents/transitions/revision {"resource":"kyc-documents","action":"list"}',
      'POST /be-api-management/kyc/documents/:id/transitions/reset {"resource":"kyc-documents","action":"list"}',
      'POST /be-api-management/kyc/documents/transitions/reset {"resource":"kyc-documents","action":"list"}',
      'POST /be-api-management/news/news/export {"resource":"news-feeds","action":"list"}',
      'POST /be-api-management/news/news/:newsItemId/transitions/approve {"resource":"news-feeds","action":"list"}',
      'POST /be-api-management/news/news/transitions/approve {"resource":"news-feeds","action":"list"}',
      'POST /be-api-management/news/news/:newsItemId/transitions/reject {"resource":"news-feeds","action":"list"}',
      'POST /be-api-management/news/news/transitions/reject {"resource":"news-feeds","action":"list"}',
      'POST /be-api-management/news/news/:newsItemId/transitions/reopen {"resource":"news-feeds","action":"list"}',
      'POST /be-api-management/news/news/transitions/reopen {"resource":"news-feeds","action":"list"}',
      'GET /be-api-management/news/news {"resource":"news-feeds","action":"list"}',
      'GET /be-api-management/news/news-details {"resource":"news-feeds","action":"show"}',
      'GET /be-api-management/news/news/:newsItemId {"resource":"news-feeds","action":"show"}',
      'POST /be-api-management/news/change-news-status {"resource":"news-feeds","action":"list"}',
      'POST /be-api-management/news/excel-download {"resource":"news-feeds","action":"list"}',
      'GET /be-api-management/views "authenticated"',
      'POST /be-api-management/views "authenticated"',
      'PUT /be-api-management/views/:id "authenticated"',
      'DELETE /be-api-management/views/:id "authenticated"',
      'GET /be-api-management/views/preferences/:resource "authenticated"',
      'PUT /be-api-management/views/preferences/:resource "authenticated"',
      'GET /health "anonymous"',
      'GET /openapi.json "anonymous"',
    ]);
  });

  it('refuses to start with an API route that declares no access', async () => {
    const undeclared = async (fastify: FastifyInstance) => {
      fastify.get('/undeclared', async () => ({}));
    };
    await expect(suite.build({}, { apiPlugins: [undeclared] })).rejects.toThrow(
      `API route GET ${API}/undeclared declares no config.access`,
    );
  });
});

/** The app over a throwaway dist/ holding `files` (paths relative to it). */
async function withBuiltApp(
  files: Record<string, string | Buffer>,
  run: (app: FastifyInstance) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const dist = await mkdtemp(path.join(tmpdir(), 'bo-dist-'));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), content);
  }
  const app = await buildApp({
    env: { ...TEST_ENV, DATABASE_URL: 'memory://', DATA_DIR: dist, STATIC_DIR: dist, DEMO_DATA: false, ...env },
    logger: false,
  });
  try {
    await run(app);
  } finally {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  }
}

const BIG_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ row: i })))};`;

describe('static files', () => {
  it("allows the built page's inline boot script by its sha256 and no other inline script", async () => {
    const boot = 'document.documentElement.setAttribute("data-theme-mode", "dark");';
    const files = { 'index.html': `<!doctype html><title>Backoffice</title><script>${boot}</script><script src="./assets/a.js"></script>` };
    await withBuiltApp(files, async (app) => {
      const index = await app.inject({ method: 'GET', url: '/backoffice/' });
      const hash = createHash('sha256').update(boot).digest('base64');
      expect(index.headers['content-security-policy']).toBe(CSP.replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`));
    });
  });

  it('serves the built app with index.html for the base and long caching for assets', async () => {
    const files = { 'index.html': '<!doctype html><title>Backoffice</title>', 'assets/index-abc123.js': 'console.log(1)' };
    await withBuiltApp(files, async (app) => {
      const index = await app.inject({ method: 'GET', url: '/backoffice/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<title>Backoffice</title>');
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.headers['content-security-policy']).toBe(CSP);
      const asset = await app.inject({ method: 'GET', url: '/backoffice/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await app.inject({ method: 'GET', url: '/backoffice/assets/nope.js' });
      expect(missing.statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: `${API}/nothing` });
      expect(api.json()).toMatchObject({ message: 'Not found.' });
    });
  });

  it('sends the page with the drawing of the login page while the configured defaults give its look, and the page without it otherwise', async () => {
    const drawn = '<!doctype html><title>Backoffice</title><div class="prerender">Sign in</div>';
    const plain = '<!doctype html><title>Backoffice</title>';
    const configDir = await mkdtemp(path.join(tmpdir(), 'bo-config-'));
    const file = path.join(configDir, 'app.json');
    const config = JSON.parse(await readFile('config/app.json', 'utf8')) as { defaults: Record<string, unknown> };
    await writeFile(file, JSON.stringify(config));
    try {
      await withBuiltApp(
        { 'index.html': drawn, [PLAIN_INDEX]: plain },
        async (app) => {
          const page = () => app.inject({ method: 'GET', url: '/backoffice/', headers: { 'accept-encoding': 'identity' } });
          expect((await page()).body).toBe(drawn);
          let modified = Date.now();
          for (const change of [{ language: 'es' }, { direction: 'rtl' }, { themeMode: 'dark' }, { theme: 'redruby' }, { radius: 'flat' }, {}]) {
            await writeFile(file, JSON.stringify({ ...config, defaults: { ...config.defaults, ...change } }));
            modified += 5_000;
            await utimes(file, new Date(), new Date(modified));
            const answer = await page();
            expect(answer.statusCode).toBe(200);
            expect(answer.headers['cache-control']).toBe('no-cache');
            expect(answer.body, JSON.stringify(change)).toBe(Object.keys(change).length === 0 ? drawn : plain);
          }
        },
        { APP_CONFIG: file },
      );
    } finally {
      await rm(configDir, { recursive: true, force: true });
    }
  });

  it("sends the build's precompressed files as they are, by accept-encoding", async () => {
    const html = `<!doctype html><title>Backoffice</title>${' '.repeat(2000)}`;
    const scriptBr = brotliCompressSync(BIG_SCRIPT);
    const scriptGz = gzipSync(BIG_SCRIPT);
    const files = {
      'index.html': html,
      'index.html.br': brotliCompressSync(html),
      'assets/app-abc123.js': BIG_SCRIPT,
      'assets/app-abc123.js.br': scriptBr,
      'assets/app-abc123.js.gz': scriptGz,
    };
    await withBuiltApp(files, async (app) => {
      const url = '/backoffice/assets/app-abc123.js';
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^application\/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.rawPayload.equals(scriptBr)).toBe(true);
      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.rawPayload.equals(scriptGz)).toBe(true);
      const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_SCRIPT);
      const index = await app.inject({ method: 'GET', url: '/backoffice/', headers: { 'accept-encoding': 'br' } });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-encoding']).toBe('br');
      expect(index.headers['content-type']).toMatch(/^text\/html/);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(index.rawPayload).toString()).toBe(html);
    });
  });

  it('compresses what is worth it for clients that accept it', async () => {
    const files = { 'index.html': '<!doctype html><title>Backoffice</title>', 'assets/big-abc123.js': BIG_SCRIPT };
    await withBuiltApp(files, async (app) => {
      const url = '/backoffice/assets/big-abc123.js';
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
      const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_SCRIPT);
      const small = await app.inject({ method: 'GET', url: `${API}/health`, headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.headers['content-encoding']).toBeUndefined();
    });
  });
});
