import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { withAreas } from '../fixtures/app-config';
import { logInAs } from './browser';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// Issue 25's first case, on the companies list (600 demo companies, 20 a page): on page 5 the
// user changes the search in the address bar. The list must show the new search's rows with a
// total that agrees with them (not "No data" beside "1 record"), and Back, Forward and a
// reload must show each URL's own search in the box and its own rows.

let scratch = '';
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-list-url-e2e-'));
  return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, ['news-management'])) };
  // A private copy of dist/: other suites may rebuild it meanwhile.
}, { privateDist: true });
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const LIST = '/news-management/news/companies';
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const rows = (page: Page) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');
const box = (page: Page) => page.locator('input[data-testid="generic-search"], [data-testid="generic-search"] input').first();
const total = async (page: Page) => Number(((await page.locator('.ant-pagination-total-text').textContent()) ?? '').replace(/\D/g, ''));
const activePage = (page: Page) => page.locator('.ant-pagination-item-active').textContent();
const searchQuery = (text: string, currentPage: number) =>
  `?currentPage=${currentPage}&pageSize=20&filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=${encodeURIComponent(text)}`;
const firstRow = (page: Page) => rows(page).first().textContent();

/** Rows shown, the total beside them and the active page agree: rows exist when the total says so. */
async function consistent(page: Page, text: string | undefined): Promise<boolean> {
  const texts = await rows(page).allTextContents();
  const count = await total(page);
  if (count === 0 || texts.length === 0) return false;
  const lastPage = Math.ceil(count / 20);
  const active = Number(await activePage(page));
  return active <= lastPage && texts.length === (active === lastPage ? count - 20 * (lastPage - 1) : 20) && (!text || texts.every((row) => row.includes(text)));
}

describe('a generic list follows its URL', () => {
  it('changing the search in the address bar on page 5 shows that search, and Back, Forward and reload show each URL as it says', async () => {
    const { context, page } = await suite.open();
    try {
      await logInAs(page, suite.stack.appUrl, 'analyst');
      await page.goto(`${suite.stack.appUrl}#${LIST}?currentPage=5&pageSize=20`);
      await poll(() => activePage(page)).toBe('5');
      await poll(() => consistent(page, undefined)).toBe(true);
      const pageFive = await firstRow(page);

      // The address bar: the same list, page 5 still in the URL, a search that has one page.
      await page.goto(`${suite.stack.appUrl}#${LIST}${searchQuery('Zenith Steel', 5)}`);
      await poll(() => consistent(page, 'Zenith Steel')).toBe(true);
      await poll(() => box(page).inputValue()).toBe('Zenith Steel');
      expect(await page.getByTestId('generic-empty').count()).toBe(0);
      // The URL says the page shown, so a reload shows the same.
      await poll(() => new URLSearchParams(page.url().split('?')[1]).get('currentPage')).toBe(await activePage(page));
      await page.reload();
      await poll(() => consistent(page, 'Zenith Steel')).toBe(true);
      await poll(() => box(page).inputValue()).toBe('Zenith Steel');

      // Another search typed over it, on a page that exists for both.
      await page.goto(`${suite.stack.appUrl}#${LIST}${searchQuery('Bharat', 1)}`);
      await poll(() => consistent(page, 'Bharat')).toBe(true);
      await poll(() => box(page).inputValue()).toBe('Bharat');

      // Back: the previous search in the box and its rows.
      await page.goBack();
      await poll(() => box(page).inputValue()).toBe('Zenith Steel');
      await poll(() => consistent(page, 'Zenith Steel')).toBe(true);
      // Back to the unsearched page 5: its rows, an empty box.
      await page.goBack();
      await poll(() => box(page).inputValue()).toBe('');
      await poll(() => activePage(page)).toBe('5');
      await poll(() => firstRow(page)).toBe(pageFive);
      await poll(() => consistent(page, undefined)).toBe(true);
      await page.goForward();
      await poll(() => box(page).inputValue()).toBe('Zenith Steel');
      await poll(() => consistent(page, 'Zenith Steel')).toBe(true);

      // The kept list (companyListData): back through the menu's bare link, the last search returns.
      await page.goto(`${suite.stack.appUrl}#/`);
      await page.getByTestId('generic-list').waitFor({ state: 'detached' });
      await page.goto(`${suite.stack.appUrl}#${LIST}`);
      await poll(() => box(page).inputValue()).toBe('Zenith Steel');
      await poll(() => consistent(page, 'Zenith Steel')).toBe(true);
    } finally {
      await context.close();
    }
  });
});
