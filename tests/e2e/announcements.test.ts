import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedAnswer } from '../../common/domains/announcements/model';
import { withAreas } from '../fixtures/app-config';
import { insertFixtureCompanies } from '../fixtures/announcements/companies';
import { appRendered, logInAs, waitForNotice } from './browser';
import { listSettled } from './list-settled';
import { auditInEveryLook } from './looks';
import { apiSession, sealedFetch, type ApiSession } from './sealed-api';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// Announcements through the real server, its job queue and LISTEN/NOTIFY (issue 13, "Must
// show"): an Admin runs the BSE and NSE fixture feeds (a disclosure filed on both exchanges,
// one malformed entry in each); the reviewer's open queue shows the new items without a reload,
// merges the duplicate (its row action) and publishes with the keyboard; a second reviewer opening
// the same item sees who has it and cannot decide it; a User cannot edit the taxonomy; every
// screen passes axe in every look. The queue is the generic list (its "Needs review" tab) and an
// announcement the generic show page with its lock and review panels.

let scratch = '';
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-announcements-e2e-'));
  // The fixture feeds are file: URLs: the egress policy reads that folder in place of the demo one.
  return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, ['announcements'])), EGRESS_FILE_DIR: resolve('tests/fixtures/announcements') };
}, { privateDist: true });
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const REVIEWER = 'analyst';
const SECOND = 'reviewer2';
const FIXTURES = `${pathToFileURL(resolve('tests/fixtures/announcements')).href}/`;
const API = 'be-api-management/announcements';
const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 250 });
const go = (page: Page, path: string) => page.goto(`${suite.stack.appUrl}#${path}`);

let admin: ApiSession;
const feeds: Record<'BSE' | 'NSE', number> = { BSE: 0, NSE: 0 };

async function call<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await sealedFetch(session, method, `${API}${path}`, body === undefined ? undefined : JSON.stringify(body), 'application/json');
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function open(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await suite.open(1500);
  await logInAs(page, suite.stack.appUrl, username);
  return { context, page };
}

// The generic list's rows (data-row-key: the id) and its keyboard focus (data-focused).
const rowsOf = (page: Page) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');
const rowOf = (page: Page, id: number) => page.locator(`[data-testid="generic-table"] tbody tr.ant-table-row[data-row-key="${id}"]`);
const rowIds = (page: Page) => rowsOf(page).evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-row-key'))));
const focusedId = (page: Page) => page.evaluate(() => Number(document.querySelector('[data-testid="generic-table"] tr[data-focused="true"]')?.getAttribute('data-row-key') ?? 0));
/** The queue: the "Needs review" tab, oldest first (every status is the list's "All"). */
const QUEUE = '/announcements?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=needs_review';

/** Walks the list with k (to the top) then j until the row `id` has the focus. */
async function focusWithKeys(page: Page, id: number): Promise<void> {
  await listSettled(page);
  const count = (await rowIds(page)).length;
  for (let step = 0; step < count; step += 1) await page.keyboard.press('k');
  for (let step = 0; step <= count && (await focusedId(page)) !== id; step += 1) await page.keyboard.press('j');
  expect(await focusedId(page)).toBe(id);
}

async function idBySubject(text: string, source: 'BSE' | 'NSE'): Promise<number> {
  const [row] = await suite.stack.sql<{ id: number }>(`SELECT id::int AS id FROM announcements WHERE source = $1 AND subject ILIKE $2`, [source, `%${text}%`]);
  if (!row) throw new Error(`no ${source} announcement about ${text}`);
  return row.id;
}

beforeAll(async () => {
  await insertFixtureCompanies((sql, params) => suite.stack.sql(sql, params));
  // A second User, the demo analyst's twin (same password).
  await suite.stack.sql(
    `INSERT INTO users (username, email, name, role, status, password_hash)
     SELECT $1, $1 || '@backoffice.example', 'Second Reviewer', 2, 'active', password_hash FROM users WHERE username = $2`,
    [SECOND, REVIEWER],
  );
  // The demo feeds would add their own items on their schedule: the queue starts empty.
  await suite.stack.sql('UPDATE announcement_feeds SET enabled = false');
  await suite.stack.sql('DELETE FROM announcements');
  admin = await apiSession(suite.stack.appUrl, 'admin');
  for (const source of ['BSE', 'NSE'] as const) {
    const made = await call<FeedAnswer>(admin, 'POST', '/feeds', {
      source,
      name: `${source} fixtures`,
      url: `${FIXTURES}${source.toLowerCase()}.json`,
      attachmentBase: FIXTURES,
      cron: '0 0 1 1 *',
      timezone: 'Asia/Kolkata',
      enabled: false,
    });
    expect(made.status).toBe(201);
    feeds[source] = made.body.id;
  }
});

describe('announcements in Chromium', () => {
  it('a feed run shows up live in the open queue; the reviewer merges the duplicate and publishes with the keyboard', { timeout: 240_000 }, async () => {
    const { context, page } = await open(REVIEWER);
    try {
      // The list's live stream is open (its EventSource answered) before the feeds run.
      const streaming = page.waitForResponse((response) => response.url().includes('/announcements/events?ticket='), { timeout: 20_000 });
      await go(page, QUEUE);
      await appRendered(page);
      await page.locator('[data-testid="generic-table"] .ant-table-placeholder').waitFor({ timeout: 20_000 });
      await streaming;
      // Marks this page load: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

      for (const source of ['BSE', 'NSE'] as const) expect((await call(admin, 'POST', `/feeds/${feeds[source]}/run`, {})).status).toBe(202);
      // BSE: 4 of 5 entries (one malformed); NSE: 3 of 4 (one malformed).
      await poll(async () => (await rowIds(page)).length, 60_000).toBe(7);
      expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
      // Oldest first: Tata Steel's 15:31 filing leads the queue.
      const ids = await rowIds(page);
      expect(ids[0]).toBe(await idBySubject('Buy Back', 'BSE'));

      // The same results filed on both exchanges: NSE's is a suggested duplicate of BSE's, merged by its row action.
      const lead = await idBySubject('Financial Results', 'BSE');
      const duplicate = await idBySubject('Outcome of Board Meeting', 'NSE');
      expect(await rowOf(page, duplicate).getByTestId('announcement-duplicate').getAttribute('data-lead')).toBe(String(lead));
      await rowOf(page, duplicate).getByTestId('announcement-row-merge').click();
      await poll(async () => (await rowIds(page)).includes(duplicate)).toBe(false);

      // Published with the keyboard: j/k to the row, p.
      await page.getByTestId('generic-table').click({ position: { x: 2, y: 2 } });
      await focusWithKeys(page, lead);
      await page.keyboard.press('p');
      await poll(async () => (await rowIds(page)).includes(lead)).toBe(false);
      const [published] = await suite.stack.sql<{ status: string; group_id: number }>('SELECT status, group_id::int FROM announcements WHERE id = $1', [lead]);
      expect(published?.status).toBe('published');
      const [merged] = await suite.stack.sql<{ status: string; suppress_reason: string; group_id: number }>(
        'SELECT status, suppress_reason, group_id::int FROM announcements WHERE id = $1',
        [duplicate],
      );
      expect(merged).toEqual({ status: 'suppressed', suppress_reason: 'duplicate', group_id: lead });
      expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);

      // The malformed entries are counted on the feeds list and listed in each feed's run report.
      await go(page, '/announcements/feeds');
      for (const source of ['BSE', 'NSE'] as const) await poll(() => page.getByTestId(`feed-last-run-${feeds[source]}`).textContent()).toContain('malformed: 1');
      for (const source of ['BSE', 'NSE'] as const) {
        const runs = await call<Array<{ id: number; malformed: number; inserted: number }>>(admin, 'GET', `/feeds/runs?feedId=${feeds[source]}`);
        const run = runs.body[0];
        expect(run?.malformed).toBe(1);
        await go(page, `/announcements/feeds/show/${feeds[source]}`);
        await page.getByTestId('generic-panel-feed-run-report').waitFor();
        await poll(() => page.getByTestId(`feed-run-${run?.id}-malformed`).textContent()).toContain('1');
        await page.getByTestId(`feed-run-problems-toggle-${run?.id}`).click();
        await page.getByTestId(`feed-run-problems-${run?.id}`).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('a second reviewer opening the same item sees who is on it, and cannot decide it', { timeout: 180_000 }, async () => {
    const target = await idBySubject('Credit Rating', 'BSE');
    const first = await open(REVIEWER);
    const second = await open(SECOND);
    try {
      await go(first.page, QUEUE);
      await rowOf(first.page, target).waitFor({ timeout: 20_000 });
      await first.page.getByTestId('generic-table').click({ position: { x: 2, y: 2 } });
      await focusWithKeys(first.page, target);
      // Enter opens the announcement's page, whose lock panel takes the soft lock.
      await first.page.keyboard.press('Enter');
      await first.page.locator('[data-testid="announcement-lock"][data-lock="held"]').waitFor({ timeout: 20_000 });
      await poll(async () => (await suite.stack.sql<{ username: string }>('SELECT username FROM announcement_locks WHERE announcement_id = $1', [target]))[0]?.username).toBe(REVIEWER);

      await go(second.page, QUEUE);
      // The list shows the holder live.
      await poll(() => rowOf(second.page, target).locator('[data-testid="announcement-lock-holder"]').getAttribute('data-user')).toBe(REVIEWER);
      await second.page.getByTestId('generic-table').click({ position: { x: 2, y: 2 } });
      await focusWithKeys(second.page, target);
      await second.page.keyboard.press('Enter');
      const banner = second.page.getByTestId('announcement-lock-banner');
      await banner.waitFor({ timeout: 20_000 });
      expect(await banner.getAttribute('data-user')).toBe(REVIEWER);
      expect(await banner.textContent()).toContain(REVIEWER);

      // The second reviewer's publish from the page is refused, and the row stays in the queue.
      await second.page.getByTestId(`transition-publish-${target}`).click();
      await waitForNotice(second.page, REVIEWER, { type: 'error' });
      // The server holds the lock on the workflow's route too.
      const session = await apiSession(suite.stack.appUrl, SECOND);
      const [row] = await suite.stack.sql<{ version: number; status: string }>('SELECT version, status FROM announcements WHERE id = $1', [target]);
      expect(row?.status).toBe('needs_review');
      const refused = await call<{ code: string; params?: { user?: string } }>(session, 'POST', `/${target}/transitions/publish`, { version: row?.version });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('announcementLocked');

      // Leaving the page releases it.
      await first.page.goBack();
      await poll(async () => (await suite.stack.sql('SELECT 1 FROM announcement_locks WHERE announcement_id = $1', [target])).length).toBe(0);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('a User cannot edit the taxonomy; an Admin can', { timeout: 120_000 }, async () => {
    const user = await apiSession(suite.stack.appUrl, REVIEWER);
    const refused = await call(user, 'POST', '/categories', { name: 'Results', description: '', isActive: true });
    expect(refused.status).toBe(403);
    const allowed = await call<{ id: number }>(admin, 'POST', '/categories', { name: 'Results', description: 'Financial results', isActive: true });
    expect(allowed.status).toBe(201);

    const { context, page } = await open(REVIEWER);
    try {
      await go(page, '/announcements/categories');
      await page.locator('table tbody tr.ant-table-row', { hasText: 'Results' }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('button', { name: /create|new|add/i }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /edit|delete/i }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('right to left, the feed form keeps its URL and cron fields left to right', { timeout: 120_000 }, async () => {
    // antd's .ant-input-rtl overrode the fields' dir="ltr", and "*/30 * * * *" read "* * * * 30/*".
    const { context, page } = await open('admin');
    try {
      await page.evaluate(() => localStorage.setItem('direction', 'rtl'));
      await go(page, '/announcements/feeds');
      await page.reload();
      await page.getByTestId(`generic-edit-${feeds.BSE}`).click();
      const form = page.getByTestId('feed-form');
      await form.locator('#feed-cron').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const directions = await form.evaluate((element) =>
        ['#feed-url', '#feed-attachment-base', '#feed-cron', '#feed-name'].map((id) => getComputedStyle(element.querySelector(id) as Element).direction),
      );
      expect(directions).toEqual(['ltr', 'ltr', 'ltr', 'rtl']);
    } finally {
      await context.close();
    }
  });

  it('every announcements screen in English, Spanish, RTL and dark: axe finds nothing serious', { timeout: 300_000 }, async () => {
    await call(admin, 'POST', '/notices', {
      title: 'Feed maintenance tonight',
      body: 'The NSE feed pauses from 23:00 to 23:30.',
      severity: 'warning',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const [shown] = await suite.stack.sql<{ id: number }>(`SELECT id::int AS id FROM announcements WHERE status = 'published' ORDER BY id LIMIT 1`);
    const { context, page } = await open(REVIEWER);
    try {
      const findings = await auditInEveryLook(
        page,
        suite.stack.appUrl,
        [
          { name: 'queue', path: QUEUE, ready: '[data-testid="generic-table"] tbody tr.ant-table-row' },
          { name: 'published', path: QUEUE.replace('needs_review', 'published'), ready: '[data-testid="generic-table"] tbody tr.ant-table-row [data-status="published"]' },
          { name: 'announcement', path: `/announcements/show/${shown?.id}`, ready: '[data-testid="generic-panel-announcement-review"] [data-testid="announcement-detail"]' },
          { name: 'feeds', path: '/announcements/feeds', ready: `[data-testid="generic-table"] [data-testid="feed-last-run-${feeds.BSE}"]` },
          { name: 'feed', path: `/announcements/feeds/show/${feeds.BSE}`, ready: '[data-testid="feed-runs-table"] tr[data-status]' },
          { name: 'categories', path: '/announcements/categories', ready: 'table tbody tr.ant-table-row' },
          { name: 'notices', path: '/announcements/notices', ready: 'table tbody tr.ant-table-row' },
          { name: 'dashboard', path: '/', ready: '[data-testid="dashboard-announcements"]', settle: (view) => view.getByTestId('dashboard-notices').waitFor() },
        ],
        'announcements',
      );
      expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((key) => [key, []])));
    } finally {
      await context.close();
    }
  });
});
