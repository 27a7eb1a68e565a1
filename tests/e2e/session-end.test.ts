import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { withAreas } from '../fixtures/app-config';
import { E2E_PASSWORD, keepScreenshot, logInAs, noticesOf, sessionStorageOf, waitForNotice } from './browser';
import { apiSession, sealedFetch } from './sealed-api';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// How a session ends, seen by the reader: a sign-out says nothing; a session the server
// ended says the server's words (in the reader's language) and, after a new login, the
// reader is back on the page they were on, filters and page number included.

let scratch: string;
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-session-e2e-'));
  return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, ['news-management'])) };
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const STORAGE_ERROR = 'Internal Storage Error. Please login again.';
/** The news feeds on the generic list, pending items, at page `n` (the address Refine keeps the list's state in). */
const newsPage = (n: number) => `/news-management/news/news-feeds?pageSize=20&currentPage=${n}&filters[0][field]=newsStatus&filters[0][operator]=eq&filters[0][value]=PENDING`;
const NEWS_PAGE = newsPage(1);

async function openAs(username: string, language?: 'es'): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1600, height: 900 } });
  if (language) await context.addInitScript((value) => localStorage.setItem('language', value), language);
  const page = await context.newPage();
  await logInAs(page, suite.stack.appUrl, username);
  return page;
}

/**
 * Ends every session of `username` on the server, as an Admin does by disabling the account,
 * and enables it again: through the API, so the reader's page keeps the focus (a second
 * browser page took it, and the reader's list then read itself again on getting it back,
 * before the click the test means to send).
 */
async function endSessionsOf(username: string): Promise<void> {
  const admin = await apiSession(suite.stack.appUrl, 'superadmin');
  const users = '/be-api-management/admin/users'.slice(1);
  const found = (await (await sealedFetch(admin, 'GET', `${users}?q=${username}`)).json()) as Array<{ id: string; username: string; version: number }>;
  const user = found.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no user ${username}`);
  const move = async (name: string, version: number) => {
    const response = await sealedFetch(admin, 'POST', `${users}/${user.id}/transitions/${name}`, JSON.stringify({ version }), 'application/json');
    expect(response.status).toBe(200);
    return ((await response.json()) as { version: number }).version;
  };
  await move('enable', await move('disable', user.version));
}

const tableRows = (page: Page) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');

describe('the end of a session in Chromium', () => {
  it('a sign-out from a data page is silent and clears the session', async () => {
    const page = await openAs('admin');
    await page.goto(`${suite.stack.appUrl}#/admin/user/users`);
    await page.locator('[data-testid="generic-list"][data-resource="users"] tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('logout').click();
    await page.waitForURL(/#\/login$/);
    await page.locator('#username').waitFor();
    // Every request the left page still had under way has answered or failed by now.
    await page.waitForLoadState('networkidle');
    expect(await noticesOf(page)).toEqual([]);
    expect(await page.locator('.Toastify').textContent()).not.toContain(STORAGE_ERROR);
    expect((await sessionStorageOf(page))['access_token']).toBeUndefined();
    await page.context().close();
  });

  for (const [language, ended, message] of [
    ['en', 'Your session has ended', 'Your session has expired. Please login again.'],
    ['es', 'Su sesión ha terminado', 'Su sesión ha caducado. Inicie sesión de nuevo.'],
  ] as const) {
    it(`a session ended by the server on a list says why (${language}) and a new login returns to that page`, async () => {
      const page = await openAs('analyst', language === 'es' ? 'es' : undefined);
      await page.goto(`${suite.stack.appUrl}#${NEWS_PAGE}`);
      await expect.poll(() => tableRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await page.locator('.ant-pagination-item-2').click();
      await page.waitForURL((url) => decodeURI(url.hash) === `#${newsPage(2)}`, { timeout: 15_000 });
      await expect.poll(() => tableRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);

      // The click on page 3 finds the session gone. The login must return to page 3, the page
      // the reader asked for: react-router commits the new address in a transition, and the
      // read failed before that commit, so the watcher once sent them back to page 2.
      await endSessionsOf('analyst');
      await page.locator('.ant-pagination-item-3').click();

      await page.waitForURL(/#\/login\?to=/, { timeout: 15_000 });
      await waitForNotice(page, message, { type: 'error' });
      const to = new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get('to');
      expect(to).toBe(newsPage(3));
      await page.waitForLoadState('networkidle');
      // One notice: the server's words under the title, nothing about storage.
      expect(await noticesOf(page)).toEqual([`${ended} ${message}`]);
      await keepScreenshot(page, `session-expired-${language}`);

      await page.locator('#username').fill('analyst');
      await page.locator('#password').fill(E2E_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => decodeURI(url.hash) === `#${newsPage(3)}`, { timeout: 15_000 });
      await expect.poll(() => tableRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await page.context().close();
    });
  }
});
