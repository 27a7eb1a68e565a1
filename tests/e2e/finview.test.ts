import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages';
import { withAreas, withModules } from '../fixtures/app-config';
import { keepScreenshot, logInAs, waitForNotice } from './browser';
import { auditInEveryLook } from './looks';
import { apiSession, sealedFetch } from './sealed-api';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// finview through the real server, its job queue, ffmpeg and Chromium (issue 12, "Must show"):
// a User makes a template (the starter: a title and a bar chart of a company's news counts),
// sees its live preview, publishes it, renders a 10 s 1080p30 video from it, watches the
// progress reach 100 % from server-sent events, plays it (the element reports ~10 s and seeks,
// so Range requests work) and cannot approve their own video; an Admin approves it. A rule on
// "news APPROVED for company X" makes exactly one video per approved item, however often the
// item is approved again. The news area is switched on for the approvals.

let scratch = '';
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-finview-e2e-'));
  // The Reports module on too: its list is the outputs of kind report (issue 25 item 6).
  return { APP_CONFIG: writeAppConfig(scratch, (config) => withModules(withAreas(config, ['news-management']), ['Reports'])) };
  // Its own copy of dist/: another suite's build during this run took the lazy pages' chunks from under it.
}, { privateDist: true });
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const MAKER = 'analyst';
const CHECKER = 'admin';
const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 250 });
const go = (page: Page, path: string) => page.goto(`${suite.stack.appUrl}#${path}`);
/** The natural width of the loaded image marked `testId` (the element itself or the <img> inside it); 0 until it has loaded. */
const loadedWidth = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((node) => {
      const image = node instanceof HTMLImageElement ? node : node.querySelector('img');
      return image?.complete ? image.naturalWidth : 0;
    })
    .catch(() => 0);

let company = { id: 0, name: '' };

async function open(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await suite.open(1500);
  await logInAs(page, suite.stack.appUrl, username);
  return { context, page };
}

/** Picks `label` in the antd select whose input has this id (typing to search first). */
async function pick(page: Page, inputId: string, label: string, search = label): Promise<void> {
  await page.locator(`#${inputId}`).click();
  await page.locator(`#${inputId}`).fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
}

beforeAll(async () => {
  // The demo company with the most news: its chart has bars, and it has items to approve.
  const [row] = await suite.stack.sql<{ id: number; name: string }>(
    `SELECT c.company_id::int AS id, c.comp_name AS name FROM companies c JOIN news n USING (company_id)
     GROUP BY 1, 2 ORDER BY count(*) FILTER (WHERE n.news_status = 'PENDING') DESC, 1 LIMIT 1`,
  );
  if (!row) throw new Error('no demo company with news');
  company = row;
});

let templateId = 0;
let outputId = 0;

describe('finview in Chromium', () => {
  it('a User makes a template, previews it live and publishes it', { timeout: 180_000 }, async () => {
    const { context, page } = await open(MAKER);
    try {
      await go(page, '/finview/templates');
      await page.getByTestId('finview-template-new').click();
      await page.getByTestId('finview-template-name').fill('Company news this week');
      await page.locator('[data-testid="finview-template-new-dialog"] .ant-btn-primary').click();
      await page.getByTestId('finview-template-editor').waitFor();
      templateId = Number(/edit\/(\d+)/.exec(page.url())?.[1]);
      expect(templateId).toBeGreaterThan(0);
      // The live preview: a PNG of one frame, drawn by the server from the draft.
      await poll(() => loadedWidth(page, 'finview-preview-image'), 60_000).toBeGreaterThan(0);
      await keepScreenshot(page, 'finview-template-editor');
      await page.getByTestId('finview-template-publish').click();
      await waitForNotice(page, SERVER_MESSAGES.finviewTemplatePublished, { type: 'success' });
      const [template] = await suite.stack.sql<{ published_version: number }>('SELECT published_version FROM finview_templates WHERE id = $1', [templateId]);
      expect(template?.published_version).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('renders a 10 s video with live progress to 100 %, plays and seeks it; the maker cannot approve it', { timeout: 300_000 }, async () => {
    const { context, page } = await open(MAKER);
    const eventStreams: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/finview/events')) eventStreams.push(request.url());
    });
    const outputPolls: string[] = [];
    try {
      await go(page, '/finview/createvideos');
      await pick(page, 'finview-template', 'Company news this week', 'Company news');
      await pick(page, 'finview-param-companyId', company.name, company.name.slice(0, 6));
      await page.getByTestId('finview-preview').click();
      await poll(() => loadedWidth(page, 'finview-preview-image'), 60_000).toBeGreaterThan(0);
      page.on('request', (request) => {
        if (request.method() === 'GET' && /\/finview\/outputs\/\d+$/.test(new URL(request.url()).pathname)) outputPolls.push(request.url());
      });
      await page.getByTestId('finview-submit').click();
      const job = page.getByTestId('finview-job');
      await job.waitFor().catch(async (error: unknown) => {
        // What the page said instead (a refusal, a field's error) is the failure worth reading.
        await keepScreenshot(page, 'finview-submit-failed');
        const said = await page.locator('.ant-alert, .ant-form-item-explain-error').allTextContents();
        throw new Error(`no job card after submit; the page says: ${JSON.stringify(said)}`, { cause: error });
      });
      outputId = Number(await job.getAttribute('data-output'));
      // Seen mid-way at least once, then done: the bar moves with the render.
      const seen = new Set<string>();
      await poll(async () => {
        const value = await page.getByTestId('finview-progress').locator('.ant-progress-text').textContent();
        seen.add(value ?? '');
        return page.getByTestId('finview-status').getAttribute('data-status');
      }, 240_000).toBe('succeeded');
      await poll(() => page.getByTestId('finview-progress').locator('.ant-progress-text, [aria-label]').first().evaluate((node) => node.closest('.ant-progress')?.getAttribute('aria-valuenow') ?? node.textContent)).toMatch(/100/);
      expect([...seen].some((value) => /^([1-9]\d?)%$/.test(value.trim()))).toBe(true);
      // Fed by server-sent events, not by asking for the output again and again.
      expect(eventStreams.length).toBeGreaterThan(0);
      expect(outputPolls.length).toBeLessThan(5);
      await keepScreenshot(page, 'finview-render-done');

      await page.getByTestId('finview-open-output').click();
      const video = page.getByTestId('finview-video');
      await video.waitFor();
      await poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 1 && Number.isFinite(element.duration) ? element.duration : 0), 60_000).toBeGreaterThan(9.5);
      expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeLessThan(10.5);
      const seeked = await video.evaluate(
        (element: HTMLVideoElement) =>
          new Promise<number>((resolve, reject) => {
            element.muted = true;
            element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
            element.addEventListener('error', () => reject(new Error(`video error ${element.error?.code}`)), { once: true });
            element.currentTime = 7;
          }),
      );
      expect(seeked).toBeGreaterThan(6.5);
      expect(seeked).toBeLessThan(7.5);
      await keepScreenshot(page, 'finview-video-player');
      // The generic show page draws the output, and the workflow offers its maker (a User) no approval.
      await page.getByTestId('generic-show-fields').waitFor();
      expect(await page.getByTestId(`transition-approve-${outputId}`).count()).toBe(0);
    } finally {
      await context.close();
    }
    // And the server refuses it when sent anyway, on the old route and the workflow's (a User is not an Admin either).
    const maker = await apiSession(suite.stack.appUrl, MAKER);
    const forced = await sealedFetch(maker, 'POST', `be-api-management/finview/outputs/${outputId}/approve`, JSON.stringify({ version: 1 }), 'application/json');
    expect(forced.status).toBe(403);
    const forcedTransition = await sealedFetch(maker, 'POST', `be-api-management/finview/outputs/${outputId}/transitions/approve`, JSON.stringify({ version: 1 }), 'application/json');
    expect(forcedTransition.status).toBe(403);
  });

  it('an Admin approves and publishes it', { timeout: 120_000 }, async () => {
    const { context, page } = await open(CHECKER);
    try {
      // The list shows it (videos and reports, live), with its status tag; its show page offers the workflow's approval.
      await go(page, '/finview/videos');
      await page.locator(`[data-testid="generic-table"] [data-testid="finview-status-${outputId}"][data-status="succeeded"]`).waitFor();
      await go(page, `/finview/videos/show/${outputId}`);
      await page.getByTestId('finview-video').waitFor();
      const approve = page.getByTestId(`transition-approve-${outputId}`);
      await poll(() => approve.isEnabled()).toBe(true);
      await approve.click();
      // A confirmation may ask first.
      const confirm = page.locator('.ant-popconfirm .ant-btn-primary, .ant-modal-confirm .ant-btn-primary');
      if (await confirm.count()) await confirm.first().click();
      await waitForNotice(page, 'Approve and publish: done for', { type: 'success' });
      await poll(() => page.getByTestId('generic-show-approval').textContent()).toContain('Approved and published');
      // Reports, switched on, is a list of its own on the generic list (no stub page): the video is not in it.
      await go(page, '/finview/reports');
      await page.locator('[data-testid="generic-list"][data-resource="reports"]').waitFor();
      await poll(() => page.locator('[data-testid="generic-table"] .ant-table-row, [data-testid="generic-empty"]').count()).toBeGreaterThan(0);
      expect(await page.getByTestId(`finview-status-${outputId}`).count()).toBe(0);
      expect(await page.getByTestId('resource-pending').count()).toBe(0);
      await keepScreenshot(page, 'finview-approved');
    } finally {
      await context.close();
    }
    const [output] = await suite.stack.sql<{ approval: string; approved_by: string | null }>(
      `SELECT o.approval, u.username AS approved_by FROM finview_outputs o LEFT JOIN users u ON u.id = o.approved_by WHERE o.id = $1`,
      [outputId],
    );
    expect(output).toEqual({ approval: 'approved', approved_by: CHECKER });
  });

  it('a rule on news APPROVED for one company makes exactly one video per approved item', { timeout: 240_000 }, async () => {
    const { context, page } = await open(MAKER);
    try {
      await go(page, '/finview/rules');
      await page.getByTestId('finview-rule-create').click();
      await page.getByTestId('finview-rule-name').fill(`News video for ${company.name}`);
      const trigger = page.getByTestId('finview-rule-trigger');
      await trigger.locator('label', { hasText: 'Event' }).first().click();
      if (!(await page.locator('[data-testid="finview-rule-event"] .ant-select-selection-item').count())) {
        await page.locator('#finview-rule-event').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'A news item is approved' }).click();
      }
      await pick(page, 'finview-rule-companies', company.name, company.name.slice(0, 6));
      await page.keyboard.press('Escape');
      await pick(page, 'finview-template', 'Company news this week', 'Company news');
      // companyId from the event: the approved item's company.
      await page.getByTestId('finview-param-event-companyId').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Company$/ }).first().click();
      await page.getByTestId('finview-rule-save').click();
      await waitForNotice(page, SERVER_MESSAGES.finviewRuleSaved, { type: 'success' });
      await keepScreenshot(page, 'finview-rule-saved');
    } finally {
      await context.close();
    }
    const [rule] = await suite.stack.sql<{ id: string }>('SELECT id::text FROM finview_rules ORDER BY id DESC LIMIT 1');
    if (!rule) throw new Error('the rule was not saved');

    const items = await suite.stack.sql<{ id: string; table: string; company_id: number }>(
      `SELECT news_item_id::text AS id, source_table AS table, company_id::int FROM news WHERE news_status = 'PENDING' AND company_id = $1 ORDER BY news_item_id LIMIT 2`,
      [company.id],
    );
    const [other] = await suite.stack.sql<{ id: string; table: string }>(
      `SELECT news_item_id::text AS id, source_table AS table FROM news WHERE news_status = 'PENDING' AND company_id <> $1 LIMIT 1`,
      [company.id],
    );
    expect(items.length).toBe(2);
    const reviewer = await apiSession(suite.stack.appUrl, CHECKER);
    const setStatus = async (refs: Array<{ id: string; table: string }>, newsStatus: string) => {
      const response = await sealedFetch(
        reviewer,
        'POST',
        'be-api-management/news/change-news-status',
        JSON.stringify({ items: refs.map((ref) => ({ newsItemId: ref.id, tableName: ref.table })), newsStatus }),
        'application/json',
      );
      expect(response.status).toBe(200);
    };
    const ruleOutputs = () => suite.stack.sql<{ n: number }>('SELECT count(*)::int AS n FROM finview_outputs WHERE rule_id = $1', [rule.id]).then(([row]) => row?.n);
    // Two items of the watched company, one of another: two videos.
    await setStatus([...items, ...(other ? [other] : [])], 'APPROVED');
    expect(await ruleOutputs()).toBe(2);
    // Un-approved and approved again, and approved once more: no second video for the same event.
    await setStatus(items, 'PENDING');
    await setStatus(items, 'APPROVED');
    await setStatus(items, 'APPROVED');
    expect(await ruleOutputs()).toBe(2);
    const keys = await suite.stack.sql<{ singleton_key: string }>(
      'SELECT j.singleton_key FROM finview_outputs o JOIN jobs j ON j.id = o.job_id WHERE o.rule_id = $1 ORDER BY 1',
      [rule.id],
    );
    for (const item of items) expect(keys.filter((row) => row.singleton_key.includes(`:${item.id}`))).toHaveLength(1);
    // They render like any other: both end succeeded.
    await poll(
      () => suite.stack.sql<{ status: string }>('SELECT j.status FROM finview_outputs o JOIN jobs j ON j.id = o.job_id WHERE o.rule_id = $1', [rule.id]).then((rows) => rows.map((row) => row.status).join(',')),
      200_000,
    ).toBe('succeeded,succeeded');
  });

  it('shows every finview screen in English, Spanish, right to left and dark, with nothing serious for axe', { timeout: 300_000 }, async () => {
    const { context, page } = await open(CHECKER);
    try {
      const findings = await auditInEveryLook(
        page,
        suite.stack.appUrl,
        [
          { name: 'templates', path: '/finview/templates', ready: '[data-testid="generic-table"] .ant-table-row' },
          { name: 'template', path: `/finview/templates/show/${templateId}`, ready: '[data-testid="finview-template-versions-table"] .ant-table-row' },
          { name: 'template-editor', path: `/finview/templates/edit/${templateId}`, ready: '[data-testid="finview-template-editor"]' },
          { name: 'create', path: '/finview/createvideos', ready: '[data-testid="finview-create-form"]' },
          { name: 'videos', path: '/finview/videos', ready: '[data-testid="generic-table"] .ant-table-row' },
          { name: 'video', path: `/finview/videos/show/${outputId}`, ready: '[data-testid="finview-video"]' },
          { name: 'reports', path: '/finview/reports', ready: '[data-testid="generic-list"][data-resource="reports"] [data-testid="generic-empty"]' },
          { name: 'rules', path: '/finview/rules', ready: '[data-testid="generic-table"] .ant-table-row' },
          { name: 'plugins', path: '/finview/plugins', ready: '[data-testid="generic-table"] .ant-switch' },
          { name: 'plugin', path: '/finview/plugins/show/price-series', ready: '[data-testid="finview-price-series"]' },
          { name: 'settings', path: '/finview/settings', ready: '[data-testid="finview-settings-save"]' },
        ],
        'finview',
      );
      expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((key) => [key, []])));
    } finally {
      await context.close();
    }
  });
});
