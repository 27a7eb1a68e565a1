import * as XLSX from '@e965/xlsx';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_FIELDS } from '../../common/domains/news/company-rules';
import { withAreas } from '../fixtures/app-config';
import { sharedStringsBomb } from '../fixtures/xlsx-bombs';
import { keepScreenshot, logInAs, waitForNotice } from './browser';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// News management through Chromium against the real server and its demo data:
// filter, paginate, details, export two items and approve them, and a
// companies upload refused for one bad row, then accepted once fixed.

const NEWS_PATH = '#/news-management/news/news-feeds';
const COMPANIES_PATH = '#/news-management/news/companies';
/** The companies list searching `q`, as the generic list keeps its filters in the URL (Refine's syncWithLocation). */
const companiesSearch = (q: string) =>
  `${COMPANIES_PATH}?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=${encodeURIComponent(q)}`;
const companyNames = () => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row td:nth-child(3)').allTextContents();

let context: BrowserContext;
let page: Page;
let scratch: string;

/** The shipped config keeps news switched off; the test turns it on in a copy. */
function configWithNews(dir: string): string {
  return writeAppConfig(dir, (config) => withAreas(config, ['news-management']));
}

const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-news-e2e-'));
  return { APP_CONFIG: configWithNews(scratch) };
});

beforeAll(async () => {
  context = await suite.browser.newContext({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
  await logInAs(page, suite.stack.appUrl, 'analyst');
});

afterAll(async () => {
  await context?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The server answers within seconds, not vitest's default second: every poll waits up to 15 s. */
const poll = <T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) => expect.poll(read, { timeout: 15_000, ...options });

const hashQuery = () => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');
/** A filter's value as the generic list keeps it in the URL (Refine's `filters[i][field]` / `filters[i][value]`; a multiSelect's values joined). */
function urlFilter(field: string): string | null {
  const query = hashQuery();
  for (const [key, value] of query) {
    const match = /^filters\[(\d+)\]\[field\]$/.exec(key);
    if (!match || value !== field) continue;
    const prefix = `filters[${match[1]}][value]`;
    const values = [...query].filter(([name]) => name === prefix || name.startsWith(`${prefix}[`)).map(([, text]) => text);
    return values.length > 0 ? values.join(',') : null;
  }
  return null;
}
/** The list filtered on one status, as a link would carry it. */
const byStatus = (status: string, extra = '') => `${NEWS_PATH}?filters[0][field]=newsStatus&filters[0][operator]=eq&filters[0][value]=${status}${extra}`;
const tableRows = () => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');
const firstHeadline = () => tableRows().first().locator('[data-testid="news-open-details"]').textContent();
const shownStatuses = () => page.locator('[data-testid="generic-table"] tbody [data-status]').evaluateAll((tags) => [...new Set(tags.map((tag) => tag.getAttribute('data-status')))]);

async function waitForRows(): Promise<void> {
  await poll(() => tableRows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.locator('[data-testid="generic-table"] .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 }).catch(() => {});
}

/** Hash-only navigations keep the previous rows on screen until the new page arrives: wait for the filter to show. */
async function waitForStatus(status: string): Promise<void> {
  await waitForRows();
  await poll(shownStatuses).toEqual([status]);
}

function companiesFile(rows: Array<Partial<Record<string, string>>>): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([[...COMPANY_FIELDS], ...rows.map((row) => COMPANY_FIELDS.map((field) => row[field] ?? ''))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Companies');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

async function pickUpload(name: string, buffer: Buffer): Promise<void> {
  await page
    .locator('[data-testid="companies-upload-panel"] input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

describe('news management in Chromium', () => {
  it('filters by status and company, keeps the filter in the URL on reload and back, and paginates', async () => {
    await page.goto(`${suite.stack.appUrl}${NEWS_PATH}`);
    await waitForRows();
    expect(await page.getByTestId('generic-total').textContent()).toMatch(/^[\d,]+ records$/);

    await page.getByTestId('generic-tabs').getByRole('tab', { name: 'Pending' }).click();
    await poll(() => urlFilter('newsStatus')).toBe('PENDING');
    await waitForStatus('PENDING');

    // Server-side pagination from x-total-count: page 2 shows other rows.
    const pageOneFirst = await firstHeadline();
    await page.locator('.ant-pagination-item-2').click();
    await poll(() => hashQuery().get('currentPage')).toBe('2');
    await poll(() => firstHeadline()).not.toBe(pageOneFirst);
    const pageTwoFirst = await firstHeadline();

    // A reload keeps filter and page.
    await page.reload();
    await waitForRows();
    expect(urlFilter('newsStatus')).toBe('PENDING');
    expect(hashQuery().get('currentPage')).toBe('2');
    await poll(() => firstHeadline()).toBe(pageTwoFirst);
    // The generic list replaces its address as one pages (a click is no history entry): a link to
    // page 1 is one, and Back from it returns to page 2 with the filter still on.
    await page.goto(`${suite.stack.appUrl}${byStatus('PENDING')}`);
    await poll(() => firstHeadline()).toBe(pageOneFirst);
    await page.goBack();
    await poll(() => hashQuery().get('currentPage')).toBe('2');
    expect(urlFilter('newsStatus')).toBe('PENDING');
    await poll(() => firstHeadline()).toBe(pageTwoFirst);

    // The company column's filter searches the companies as one types and narrows the list to one.
    const company = (await tableRows().first().locator('td').nth(2).textContent()) ?? '';
    await page.locator('th', { hasText: 'Company' }).locator('.ant-table-filter-trigger').first().click();
    await page.locator('#filter-companyId').click();
    // The whole name: a prefix matches more companies than the first page of options holds.
    await page.keyboard.type(company);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: company }).first().click();
    // A multiple select keeps its options open over the panel: the keyboard reaches the button.
    await page.locator('[data-testid="generic-filter-companyId"] [data-testid="generic-filter-apply"]').focus();
    await page.keyboard.press('Enter');
    await poll(() => urlFilter('companyId')).toMatch(/^\d+$/);
    await waitForRows();
    await poll(() => tableRows().locator('td:nth-child(3)').evaluateAll((cells) => [...new Set(cells.map((cell) => cell.textContent))])).toEqual([company]);
    await page.locator('th', { hasText: 'Company' }).locator('.ant-table-filter-trigger').first().click();
    await page.locator('[data-testid="generic-filter-companyId"]').getByRole('button', { name: 'Clear' }).click();
    await poll(() => urlFilter('companyId')).toBeNull();
    await keepScreenshot(page, 'news-list');
  });

  it('opens the details drawer with the sanitised body, and the item’s own page', async () => {
    await page.goto(`${suite.stack.appUrl}${byStatus('PENDING')}`);
    await waitForStatus('PENDING');
    const headline = await firstHeadline();
    await tableRows().first().locator('[data-testid="news-open-details"]').click();
    await poll(() => page.getByTestId('news-details-headline').textContent(), { timeout: 15_000 }).toBe(headline);
    const body = page.getByTestId('news-details-body');
    expect((await body.innerHTML()).length).toBeGreaterThan(0);
    expect(await body.locator('script, iframe, [onerror], [onclick]').count()).toBe(0);
    await keepScreenshot(page, 'news-details');

    // The show page: the fields, the same sanitised body as a panel, the transitions; its title names the item.
    await page.getByTestId('news-details-open').click();
    await page.getByTestId('generic-show').waitFor({ timeout: 15_000 });
    await poll(() => page.locator('[data-testid="generic-panel-news-details"] [data-testid="news-details-headline"]').textContent()).toBe(headline);
    expect(await page.locator('[data-testid="generic-panel-news-details"] [data-testid="news-details-body"] script').count()).toBe(0);
    expect(await page.getByTestId('generic-show-newsStatus').textContent()).toBe('Pending');
    await poll(() => page.title()).toContain(headline ?? '');
    await page.goBack();
    await page.locator('.ant-drawer-close').click();
  });

  it('exports two selected items as a real .xlsx, then approves them with a comment', async () => {
    await page.goto(`${suite.stack.appUrl}${byStatus('PENDING')}`);
    await waitForStatus('PENDING');
    const headlines = [await tableRows().nth(0).locator('[data-testid="news-open-details"]').textContent(), await tableRows().nth(1).locator('[data-testid="news-open-details"]').textContent()];
    await tableRows().nth(0).locator('.ant-checkbox-input').check();
    await tableRows().nth(1).locator('.ant-checkbox-input').check();
    await poll(() => page.getByTestId('workflow-selected').textContent()).toBe('2 selected');

    // The file first, while the two are selected: it must hold exactly those rows.
    await page.getByTestId('export-button').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Selected rows (2) as Excel (.xlsx)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const saved = join(scratch, 'news.xlsx');
    await download.saveAs(saved);
    const book = XLSX.read(readFileSync(saved), { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    expect(sheet).toBeDefined();
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet as XLSX.WorkSheet);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row['Headline']).sort()).toEqual([...headlines].sort());

    await page.getByTestId('workflow-bulk-approve').click();
    await page.getByTestId('transition-comment').fill('Checked by the browser test');
    await page.getByTestId('transition-submit').click();
    await poll(() => page.getByTestId('workflow-bulk-summary').textContent()).toContain('Approve: 2 done, 0 refused');
    await poll(() => page.getByTestId('workflow-bulk-bar').count()).toBe(0);

    // Approved now: the two show under the APPROVED tab, last changed first.
    await page.goto(`${suite.stack.appUrl}${byStatus('APPROVED', '&sorters[0][field]=updatedAt&sorters[0][order]=desc')}`);
    await waitForStatus('APPROVED');
    await poll(async () => (await tableRows().locator('[data-testid="news-open-details"]').allTextContents()).slice(0, 2).sort()).toEqual([...headlines].sort());
  });

  it('refuses bad files with a clear message and writes nothing', async () => {
    await page.goto(`${suite.stack.appUrl}${COMPANIES_PATH}/create`);
    await page.getByTestId('companies-upload-panel').waitFor();
    const failure = () => page.getByTestId('upload-failed').getAttribute('data-reason');

    await pickUpload('renamed.xlsx', Buffer.from('compName,isin\nAcme,US0378331005\n'));
    await poll(failure, { timeout: 15_000 }).toBe('notXlsx');
    await pickUpload('empty.xlsx', companiesFile([]));
    await poll(failure, { timeout: 15_000 }).toBe('emptySheet');
    const wrong = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wrong, XLSX.utils.aoa_to_sheet([['name', 'code'], ['Acme', 'X']]), 'Sheet1');
    await pickUpload('wrong.xlsx', Buffer.from(XLSX.write(wrong, { type: 'buffer', bookType: 'xlsx' }) as Buffer));
    await poll(failure, { timeout: 15_000 }).toBe('wrongHeaders');
    // A zip bomb: 30 million shared strings in under 1 MB, refused before SheetJS reads it.
    await pickUpload('bomb.xlsx', sharedStringsBomb(30_000_000));
    await poll(failure, { timeout: 15_000 }).toBe('tooManyStrings');
    expect(await page.getByTestId('upload-failed').textContent()).toContain('more than 1 100 000 texts');
    await pickUpload('huge.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10 * 1024 * 1024)]));
    await poll(failure, { timeout: 15_000 }).toBe('tooLarge');
    expect(await page.getByTestId('upload-send').isDisabled()).toBe(true);
  });

  it('shows the bad row of an upload and sends nothing; the fixed file is written', async () => {
    const suffix = Date.now().toString(36).toUpperCase().replace(/[^A-Z0-9]/g, '').slice(-6).padStart(6, 'Q');
    const good = [
      { compName: `Ezetest Alpha ${suffix}`, isin: `XS${suffix}ABC1`, ticker: 'EZA', email: 'ir@alpha.example', isActive: 'TRUE' },
      { compName: `Ezetest Beta ${suffix}`, isin: `XS${suffix}ABC2`, ticker: 'EZB', isActive: 'TRUE' },
    ];
    // Two problems in one row: characters no company name may hold, and a ticker past its 20.
    const bad = { compName: `<b>Ezetest Gamma</b> ${suffix}`, isin: `XS${suffix}ABC3`, ticker: 'T'.repeat(21), isActive: 'TRUE' };

    await page.goto(`${suite.stack.appUrl}${COMPANIES_PATH}/create`);
    await pickUpload('companies.xlsx', companiesFile([...good, bad]));
    await poll(() => page.getByTestId('upload-summary').getAttribute('data-invalid'), { timeout: 15_000 }).toBe('1');
    await poll(() => page.locator('[data-testid="upload-row-error"][data-row="4"]').count()).toBe(1);
    // Each problem names its limit: never "at most  characters".
    expect(await page.locator('[data-testid="upload-row-error"][data-row="4"] > *').allTextContents()).toEqual([
      'Name: Only letters, digits and spaces.',
      'Ticker: Too long (at most 20 characters).',
    ]);
    expect(await page.getByTestId('upload-send').isDisabled()).toBe(true);
    await keepScreenshot(page, 'companies-upload-bad-row');

    // Nothing was written: the good rows are not in the list.
    await page.goto(`${suite.stack.appUrl}${companiesSearch('Ezetest')}`);
    await poll(() => page.getByTestId('generic-empty').count(), { timeout: 15_000 }).toBe(1);

    await page.goto(`${suite.stack.appUrl}${COMPANIES_PATH}/create`);
    await pickUpload('companies-fixed.xlsx', companiesFile([...good, { ...bad, compName: `Ezetest Gamma ${suffix}`, ticker: 'EZG' }]));
    await poll(() => page.getByTestId('upload-summary').getAttribute('data-invalid'), { timeout: 15_000 }).toBe('0');
    await page.getByTestId('upload-send').click();
    await waitForNotice(page, 'Companies imported: 3 new, 0 updated.', { type: 'success' });

    await page.goto(`${suite.stack.appUrl}${companiesSearch('Ezetest')}`);
    await poll(companyNames, { timeout: 15_000 })
      .toEqual([`Ezetest Alpha ${suffix}`, `Ezetest Beta ${suffix}`, `Ezetest Gamma ${suffix}`]);
  });

  it('opens the company edit form from the list and again after a reload', async () => {
    await page.goto(`${suite.stack.appUrl}${companiesSearch('Ezetest Beta')}`);
    const edit = page.locator('[data-testid^="generic-edit-"]').first();
    await edit.waitFor({ timeout: 15_000 });
    await edit.click();
    await poll(() => page.locator('#compName').inputValue()).toMatch(/^Ezetest Beta /);
    const name = await page.locator('#compName').inputValue();
    const editUrl = page.url();
    expect(editUrl).toMatch(/#\/news-management\/news\/companies\/edit\/\d+(\?|$)/);
    await page.reload();
    await poll(() => page.locator('#compName').inputValue(), { timeout: 15_000 }).toBe(name);
    await page.goto(`${suite.stack.appUrl}${COMPANIES_PATH}/edit/999999999`);
    await poll(() => page.getByTestId('generic-load-error').textContent()).toContain('Company not found.');
  });
});
