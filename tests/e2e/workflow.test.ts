import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages';
import { dataCorrections } from '../../common/resources/data-corrections';
import { resourceBasePath } from '../../common/resources/generate';
import { withAreas } from '../fixtures/app-config';
import { keepScreenshot, logInAs, noticesOf, waitForNotice } from './browser';
import { apiSession, sealedFetch, type ApiSession } from './sealed-api';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// A workflow from the registry in the browser, on data corrections (common/resources/data-corrections.ts):
// an analyst reports an error, an Admin takes it in review and marks it fixed, the reporter
// cannot fix their own report (maker-checker), and a bulk reject of three, one of them fixed
// already, answers per record: two done, one refused with the reason, which stays selected.

let scratch: string;
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-workflow-e2e-'));
  return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, config.menu.map((entry) => entry.value))) };
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const BASE = resourceBasePath(dataCorrections);
const tag = `WF${Date.now().toString(36).slice(-6).toUpperCase()}`;
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });

async function open(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await suite.open(1500);
  await logInAs(page, suite.stack.appUrl, username);
  return { context, page };
}

const rowOf = (page: Page, text: string) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row', { hasText: text });
const statusOf = (page: Page, text: string) => rowOf(page, text).locator('[data-status]').first().getAttribute('data-status');

/** The list searched for `text` (the record names carry this run's tag). */
async function listOf(page: Page, text: string): Promise<void> {
  await page.goto(`${suite.stack.appUrl}#${BASE}`);
  const input = page.locator('[data-testid="generic-search"] input, input[data-testid="generic-search"]').first();
  await input.fill(text);
  await input.press('Enter');
  await poll(() => rowOf(page, text).count()).toBeGreaterThan(0);
}

async function report(session: ApiSession, subjectRef: string): Promise<{ id: string; version: number }> {
  const response = await sealedFetch(
    session,
    'POST',
    dataCorrections.endpoint ?? '',
    JSON.stringify({ subjectType: 'newsItem', subjectRef, description: 'The headline names the wrong company.' }),
    'application/json',
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; version: number };
}

async function moveByApi(session: ApiSession, record: { id: string; version: number }, transition: string, body: object = {}) {
  return sealedFetch(session, 'POST', `${dataCorrections.endpoint}/${record.id}/transitions/${transition}`, JSON.stringify({ version: record.version, ...body }), 'application/json');
}

describe('data corrections: a workflow from the definition, in the browser', () => {
  it('analyst reports, Admin reviews and fixes; the reporter may not fix their own; a bulk reject answers per record', async () => {
    const analystName = `${tag} reported in the form`;
    const analyst = await open('analyst');
    const admin = await open('admin');
    try {
      // The analyst reports one through the generic form (no page of its own).
      await analyst.page.goto(`${suite.stack.appUrl}#${BASE}`);
      await analyst.page.getByTestId('generic-create').click();
      await analyst.page.getByTestId('generic-form').waitFor();
      await analyst.page.locator('.ant-select', { has: analyst.page.locator('#subjectType') }).click();
      await analyst.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Company record' }).click();
      await analyst.page.locator('#subjectRef').fill(analystName);
      await analyst.page.locator('#description').fill('The ISIN of Zenith Steel is the one of another company.');
      await analyst.page.getByTestId('generic-save').click();
      await waitForNotice(analyst.page, '', { type: 'success' });
      await analyst.page.waitForURL(new RegExp(`#${BASE}\\?`), { timeout: 15_000 });
      await listOf(analyst.page, analystName);
      expect(await statusOf(analyst.page, analystName)).toBe('open');
      // Reject is for Admins: the analyst's row offers start review, not reject.
      const id = ((await rowOf(analyst.page, analystName).locator('[data-testid^="transition-startReview-"]').getAttribute('data-testid')) ?? '').replace('transition-startReview-', '');
      expect(id).toMatch(/^\d+$/);
      expect(await rowOf(analyst.page, analystName).getByTestId(`transition-reject-${id}`).count()).toBe(0);

      // The Admin takes it in review, then marks it fixed with a comment (allowed: not the reporter).
      await listOf(admin.page, analystName);
      await rowOf(admin.page, analystName).getByTestId(`transition-startReview-${id}`).click();
      await poll(() => statusOf(admin.page, analystName)).toBe('in_review');
      await rowOf(admin.page, analystName).getByTestId(`transition-fix-${id}`).click();
      await admin.page.getByTestId('transition-comment').fill('Corrected from the exchange filing.');
      await admin.page.getByTestId('transition-submit').click();
      await poll(() => statusOf(admin.page, analystName)).toBe('fixed');
      await waitForNotice(admin.page, 'Mark fixed: done for', { type: 'success' });

      // Another report of the analyst's, in review: the analyst's fix is drawn disabled, saying why;
      // its hotkey says so too, and the server refuses it (403 makerChecker).
      const own = `${tag} own report`;
      const analystApi = await apiSession(suite.stack.appUrl, 'analyst');
      const adminApi = await apiSession(suite.stack.appUrl, 'admin');
      const ownRecord = await report(analystApi, own);
      expect((await moveByApi(adminApi, ownRecord, 'startReview')).status).toBe(200);
      await listOf(analyst.page, own);
      await poll(() => statusOf(analyst.page, own)).toBe('in_review');
      const fix = rowOf(analyst.page, own).getByTestId(`transition-fix-${ownRecord.id}`);
      expect(await fix.isDisabled()).toBe(true);
      await rowOf(analyst.page, own).getByTestId(`transition-blocked-fix-${ownRecord.id}`).hover();
      await analyst.page.locator('.ant-tooltip:visible', { hasText: 'You reported this record, so someone else must do this.' }).waitFor();
      // Out of the search box (the list's keys are not a field's), then j to the row and its fix key.
      await analyst.page.getByTestId('generic-total').click();
      await analyst.page.keyboard.press('j');
      await poll(() => analyst.page.locator('tr[data-focused="true"]').count()).toBe(1);
      await analyst.page.keyboard.press('f');
      await waitForNotice(analyst.page, 'You reported this record, so someone else must do this.', { type: 'warning' });
      const refused = await moveByApi(analystApi, { id: ownRecord.id, version: 2 }, 'fix');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'makerChecker' });

      // Bulk reject of three: two open, and the one fixed above. Two done, one refused and said why.
      const bulkTag = `${tag} bulk`;
      const [first, second] = [await report(analystApi, `${bulkTag} one`), await report(analystApi, `${bulkTag} two`)];
      const fixedRef = `${bulkTag} fixed`;
      const fixedRecord = await report(analystApi, fixedRef);
      const reviewed = (await (await moveByApi(adminApi, fixedRecord, 'startReview')).json()) as { version: number };
      expect((await moveByApi(adminApi, { id: fixedRecord.id, version: reviewed.version }, 'fix')).status).toBe(200);

      await listOf(admin.page, bulkTag);
      await poll(() => rowOf(admin.page, bulkTag).count()).toBe(3);
      for (const record of [first, second, fixedRecord]) {
        await admin.page.locator(`tr[data-row-key="${record?.id}"] .ant-checkbox-input`).check();
      }
      await poll(() => admin.page.getByTestId('workflow-selected').textContent()).toBe('3 selected');
      await admin.page.getByTestId('workflow-bulk-reject').click();
      await admin.page.getByTestId('transition-confirm').waitFor();
      await admin.page.getByTestId('transition-reason-duplicate').click();
      await admin.page.getByTestId('transition-submit').click();

      const summary = admin.page.getByTestId('workflow-bulk-summary');
      await poll(() => summary.textContent()).toContain('Reject: 2 done, 1 refused');
      expect(await admin.page.getByTestId(`workflow-refused-${fixedRecord.id}`).textContent()).toBe(`${fixedRef}: ${SERVER_MESSAGES.transitionNotAllowed}`);
      await poll(() => statusOf(admin.page, `${bulkTag} one`)).toBe('rejected');
      await poll(() => statusOf(admin.page, `${bulkTag} two`)).toBe('rejected');
      expect(await statusOf(admin.page, fixedRef)).toBe('fixed');
      // The refused row stays selected, the done ones do not.
      await poll(() => admin.page.getByTestId('workflow-selected').textContent()).toBe('1 selected');
      expect(await admin.page.locator(`tr[data-row-key="${fixedRecord.id}"] .ant-checkbox-input`).isChecked()).toBe(true);
      await keepScreenshot(admin.page, 'workflow-bulk-summary');
    } catch (error) {
      console.error('notices', await noticesOf(analyst.page), await noticesOf(admin.page));
      await keepScreenshot(admin.page, 'workflow-admin');
      await keepScreenshot(analyst.page, 'workflow-analyst');
      throw error;
    } finally {
      await analyst.context.close();
      await admin.context.close();
    }
  });
});
