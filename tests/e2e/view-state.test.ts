import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { withAreas } from '../fixtures/app-config';
import { keepScreenshot, logInAs, sessionStorageOf } from './browser';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// SPEC.md section 3's storage keys in Chromium: a user filters the news feeds (the generic
// list), opens an item, goes elsewhere and comes back to the list as they left it;
// logging out removes what was kept.

const NEWS_PATH = '#/news-management/news/news-feeds';
const VIEW_KEYS = ['user_details', 'details', 'companyListData', 'searchText', 'newsList'];

let scratch = '';
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-view-state-e2e-'));
  return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, ['news-management'])) };
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const hashQuery = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');
/** A filter's value as the generic list keeps it in the URL (Refine's `filters[i][field]` / `filters[i][value]`). */
function filterOf(query: URLSearchParams, field: string): string | null {
  for (const [key, value] of query) {
    const match = /^filters\[(\d+)\]\[field\]$/.exec(key);
    if (match && value === field) return query.get(`filters[${match[1]}][value]`);
  }
  return null;
}
const rows = (page: Page) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');
const statuses = (page: Page) =>
  page.locator('[data-testid="generic-table"] tbody [data-status]').evaluateAll((tags) => [...new Set(tags.map((tag) => tag.getAttribute('data-status')))]);
const firstHeadline = (page: Page) => rows(page).first().locator('[data-testid="news-open-details"]').textContent();
const activeTab = (page: Page) => page.locator('[data-testid="generic-tabs"] [role="tab"][aria-selected="true"]').textContent();

describe('lists restored on return', () => {
  it('brings back the news filters, page and open item, and logout clears them', async () => {
    const { context, page } = await suite.open();
    try {
      await logInAs(page, suite.stack.appUrl, 'analyst');
      await page.goto(`${suite.stack.appUrl}${NEWS_PATH}`);
      await poll(() => rows(page).count()).toBeGreaterThan(0);
      // Unfiltered: the "All" tab.
      expect(await activeTab(page)).toBe('All');

      await page.getByTestId('generic-tabs').getByRole('tab', { name: 'Pending' }).click();
      await poll(() => filterOf(hashQuery(page), 'newsStatus')).toBe('PENDING');
      await poll(() => statuses(page)).toEqual(['PENDING']);
      expect(await activeTab(page)).toBe('Pending');
      const pageOne = await firstHeadline(page);
      await page.locator('.ant-pagination-item-2').click();
      await poll(() => hashQuery(page).get('currentPage')).toBe('2');
      await poll(() => firstHeadline(page)).not.toBe(pageOne);
      await poll(() => statuses(page)).toEqual(['PENDING']);
      const headline = (await firstHeadline(page)) ?? '';
      expect(headline).not.toBe('');

      await page.locator('[data-testid="news-open-details"]', { hasText: headline }).first().click();
      await page.getByTestId('news-details').waitFor({ timeout: 20_000 });

      const kept = await sessionStorageOf(page);
      expect(filterOf(new URLSearchParams(JSON.parse(kept['newsList'] ?? '{}').search ?? ''), 'newsStatus')).toBe('PENDING');
      expect(JSON.parse(kept['details'] ?? '{}')).toMatchObject({ headline });
      expect(JSON.parse(kept['user_details'] ?? '{}')).toMatchObject({ username: 'analyst', role: 2 });

      // Elsewhere, then back through a link without a query string.
      await page.goto(`${suite.stack.appUrl}#/`);
      await page.getByTestId('generic-list').waitFor({ state: 'detached', timeout: 20_000 });
      await page.goto(`${suite.stack.appUrl}${NEWS_PATH}`);
      await poll(() => filterOf(hashQuery(page), 'newsStatus')).toBe('PENDING');
      // The page comes back with the filters, but the generic list may take it in a render later.
      await poll(() => hashQuery(page).get('currentPage')).toBe('2');
      await poll(() => firstHeadline(page)).toBe(headline);
      await poll(() => statuses(page)).toEqual(['PENDING']);
      await poll(() => page.getByTestId('news-details').isVisible()).toBe(true);
      await keepScreenshot(page, 'news-restored');

      // The drawer covers the header: close it (which forgets `details`), then sign out.
      await page.keyboard.press('Escape');
      await page.getByTestId('news-details').waitFor({ state: 'hidden', timeout: 20_000 });
      const left = await sessionStorageOf(page);
      expect(Object.keys(left)).toEqual(expect.arrayContaining(['newsList', 'user_details']));
      expect(left['details']).toBeUndefined();
      await page.getByTestId('logout').click();
      await page.waitForURL(/#\/login/);
      const after = await sessionStorageOf(page);
      for (const key of VIEW_KEYS) expect(after[key], key).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
