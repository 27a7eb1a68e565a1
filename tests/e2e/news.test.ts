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
// filter, paginate, details, approve two items, the Excel download, and a
// companies upload refused for one bad row, then accepted once fixed.

const NEWS_PATH = '#/news-management/news/news-feeds';
const COMPANIES_PATH = '#/news-management/news/companies';
/** The companies list searching `q`, as the generic list keeps its filters in the URL (Refine's syncWithLocation). */
const companiesSearch = (q: string) =>
  `${COMPANIES_PATH}?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=${encodeURIComponent(q)}`;
const companyNames = () => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row td:nth-child(2)').allTextContents();

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
const tableRows = () => page.locator('[data-testid="news-table"] tbody tr.ant-table-row');
const firstHeadline = () => tableRows().first().locator('[data-testid="news-open-details"]').textContent();

async function waitForRows(): Promise<void> {
  await poll(() => tableRows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.locator('[data-testid="news-table"] .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 }).catch(() => {});
}

/** Hash-only navigations keep the previous rows on screen until the new page arrives: wait for the filter to show. */
async function waitForStatus(status: string): Promise<void> {
  await waitForRows();
  await poll(() =>
    page.locator('[data-testid="news-table"] tbody [data-status]').evaluateAll((tags) => [...new Set(tags.map((tag) => tag.getAttribute('data-status')))]),
  ).toEqual([status]);
}

async function pickOption(testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
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
    const total = await page.locator('.ant-pagination-total-text').textContent();
    expect(total).toMatch(/^Total: \d+$/);

    await pickOption('news-filter-status', 'Pending');
    await poll(() => hashQuery().get('newsStatus')).toBe('PENDING');
    await waitForRows();
    await poll(() => page.locator('[data-testid="news-table"] tbody [data-status]').evaluateAll((tags) => [...new Set(tags.map((tag) => tag.getAttribute('data-status')))]))
      .toEqual(['PENDING']);

    // Server-side pagination from x-total-count: page 2 shows other rows.
    const pageOneFirst = await firstHeadline();
    await page.locator('.ant-pagination-item-2').click();
    await poll(() => hashQuery().get('page')).toBe('2');
    await poll(() => firstHeadline()).not.toBe(pageOneFirst);
    const pageTwoFirst = await firstHeadline();

    // A reload keeps filter and page; back returns to page 1 with the filter still on.
    await page.reload();
    await waitForRows();
    expect(hashQuery().get('newsStatus')).toBe('PENDING');
    expect(hashQuery().get('page')).toBe('2');
    await poll(() => firstHeadline()).toBe(pageTwoFirst);
    await page.goBack();
    await poll(() => hashQuery().get('page')).toBeNull();
    expect(hashQuery().get('newsStatus')).toBe('PENDING');
    await poll(() => firstHeadline()).toBe(pageOneFirst);

    // The company typeahead (search-company) narrows the list to one company.
    const company = (await tableRows().first().locator('td').nth(2).textContent()) ?? '';
    await page.getByTestId('news-filter-companies').click();
    await page.keyboard.type(company.slice(0, 6));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: company }).first().click();
    await poll(() => hashQuery().get('companyIds')).toMatch(/^\d+$/);
    await waitForRows();
    await poll(() => tableRows().locator('td:nth-child(3)').evaluateAll((cells) => [...new Set(cells.map((cell) => cell.textContent))]))
      .toEqual([company]);
    await page.getByTestId('news-filter-reset').click();
    await poll(() => hashQuery().get('companyIds')).toBeNull();
    await keepScreenshot(page, 'news-list');
  });

  it('opens the details drawer with the sanitised body', async () => {
    await page.goto(`${suite.stack.appUrl}${NEWS_PATH}?newsStatus=PENDING`);
    await waitForStatus('PENDING');
    const headline = await firstHeadline();
    await tableRows().first().locator('[data-testid="news-open-details"]').click();
    await poll(() => page.getByTestId('news-details-headline').textContent(), { timeout: 15_000 }).toBe(headline);
    const body = page.getByTestId('news-details-body');
    expect((await body.innerHTML()).length).toBeGreaterThan(0);
    expect(await body.locator('script, iframe, [onerror], [onclick]').count()).toBe(0);
    await keepScreenshot(page, 'news-details');
    await page.locator('.ant-drawer-close').click();
  });

  it('approves two selected items with a comment, then downloads them as a real .xlsx', async () => {
    await page.goto(`${suite.stack.appUrl}${NEWS_PATH}?newsStatus=PENDING`);
    await waitForStatus('PENDING');
    const headlines = [await tableRows().nth(0).locator('[data-testid="news-open-details"]').textContent(), await tableRows().nth(1).locator('[data-testid="news-open-details"]').textContent()];
    await tableRows().nth(0).locator('.ant-checkbox-input').check();
    await tableRows().nth(1).locator('.ant-checkbox-input').check();
    await poll(() => page.getByTestId('news-selected-count').textContent()).toBe('Selected: 2');

    // Excel first, while the two are selected: the file must hold exactly those rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('news-download-excel').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const saved = join(scratch, 'news.xlsx');
    await download.saveAs(saved);
    const book = XLSX.read(readFileSync(saved), { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    expect(sheet).toBeDefined();
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet as XLSX.WorkSheet);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row['Headline']).sort()).toEqual([...headlines].sort());

    await page.getByTestId('news-change-status').click();
    await page.locator('#news-status-comment').fill('Checked by the browser test');
    await page.locator('#news-status-submit').click();
    // The toast lasts 5 s, which a busy machine can outlive: the notice log keeps what it said.
    await waitForNotice(page, 'Items updated: 2.', { type: 'success' });
    await poll(() => page.getByTestId('news-selected-count').textContent()).toBe('Selected: 0');

    // Approved now: the two show under the APPROVED filter.
    await page.goto(`${suite.stack.appUrl}${NEWS_PATH}?newsStatus=APPROVED&sort=updatedAt:desc`);
    await waitForStatus('APPROVED');
    await poll(async () => (await tableRows().locator('[data-testid="news-open-details"]').allTextContents()).slice(0, 2).sort()).toEqual(
      [...headlines].sort(),
    );
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
