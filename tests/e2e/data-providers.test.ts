import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, launchBrowser, logInAs } from './browser';
import { startStack, writeAppConfig, type Stack } from './stack';
import { freePort } from '../fixtures/free-port';

// Pluggable data providers for real (README "Data providers"): two UI services with
// different PRODUCTs on one PostgreSQL database, one app whose config/app.json sends
// the enterprises list to the second one, on another origin. One login serves both.

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (!testDatabaseUrl) {
  console.warn(
    [
      '',
      '!!  data-providers e2e SKIPPED: TEST_DATABASE_URL is unset.',
      '!!  Two servers share their sessions through one PostgreSQL database; set it, e.g.',
      '!!    TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project e2e tests/e2e/data-providers.test.ts',
      '',
    ].join('\n'),
  );
}

const ENTERPRISES_PATH = '#/admin/enterprise/enterprises';
const ENTERPRISES_API = 'be-api-management/admin/enterprises';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!testDatabaseUrl)('two UI services, one app', () => {
  const databaseName = `bo_e2e_${randomBytes(6).toString('hex')}`;
  let scratch = '';
  let main: Stack | undefined;
  let archive: Stack | undefined;
  let browser: Browser | undefined;
  /** Requests the archive server received, by path. */
  const archiveRequests: string[] = [];

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'bo-providers-e2e-'));
    await admin((client) => client.query(`CREATE DATABASE ${databaseName}`));
    const url = new URL(testDatabaseUrl as string);
    url.pathname = `/${databaseName}`;
    // One deployment: the same database and the same SECRET_KEY (it opens the shared key pair).
    const env = {
      DATABASE_URL: url.toString(),
      SECRET_KEY: randomBytes(32).toString('base64'),
      ADMIN_PASSWORD: E2E_PASSWORD,
      DEMO_PASSWORD: E2E_PASSWORD,
    };

    // The archive's port first: the app's config and CSP name it before either starts.
    const archivePort = await freePort();
    const archiveApi = `http://127.0.0.1:${archivePort}/archive/api`;
    const mainConfig = writeAppConfig(scratch, (config) => ({
      ...config,
      dataProviders: { archive: { apiBaseUrl: archiveApi, resources: ['enterprises'] } },
    }));
    main = await startStack({ ...env, APP_CONFIG: mainConfig }, { privateDist: true });
    const archiveDir = join(scratch, 'archive');
    mkdirSync(archiveDir);
    const archiveFile = writeAppConfig(archiveDir, (config) => ({ ...config, product: 'archive', apiBaseUrl: '/archive/api' }));
    archive = await startStack({
      ...env,
      PRODUCT: 'archive',
      PORT: String(archivePort),
      APP_CONFIG: archiveFile,
      CORS_ORIGINS: new URL(main.appUrl).origin,
    });
    archive.server.on('request', (request: IncomingMessage) => archiveRequests.push(`${request.method ?? ''} ${request.url ?? ''}`));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await archive?.close();
    await main?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)).catch(() => {});
  });

  it("lists enterprises from the second server with the first server's session", async () => {
    const stack = main as Stack;
    const context = await (browser as Browser).newContext({ viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(ENTERPRISES_API)) asked.push(request.url());
    });
    try {
      await logInAs(page, stack.appUrl, 'superadmin');
      await page.goto(`${stack.appUrl}${ENTERPRISES_PATH}`);
      const rows = page.locator('[data-testid="generic-list"] tbody tr.ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.locator('[data-testid="generic-list"] tbody').textContent(), { timeout: 15_000 }).toContain('Demo Bank');

      // Every list request went to the archive, across origins; the archive saw them.
      const archiveOrigin = `http://127.0.0.1:${new URL((archive as Stack).appUrl).port}`;
      expect(asked.length).toBeGreaterThan(0);
      for (const url of asked) expect(url.startsWith(`${archiveOrigin}/archive/api/${ENTERPRISES_API}`)).toBe(true);
      expect(archiveRequests.some((line) => line.startsWith(`GET /archive/api/${ENTERPRISES_API}`))).toBe(true);

      // The session survived the archive's answers: the first server still accepts it.
      await page.getByTestId('current-user').filter({ hasText: 'superadmin' }).waitFor({ timeout: 15_000 });
      await page.goto(`${stack.appUrl}#/admin/user/users`);
      await expect.poll(() => page.url()).toContain('#/admin/user/users');
      await expect.poll(() => page.locator('tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(page.url()).not.toContain('#/login');
    } finally {
      await context.close();
    }
  });
});
