import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_REASONS, SERVER_MESSAGES } from '../../common/messages';
import { withAreas } from '../fixtures/app-config';
import { keepScreenshot, logInAs, waitForNotice } from './browser';
import { auditInEveryLook } from './looks';
import { CARD, CARD_NUMBER, cardImage, postSubject, spaced, validAadhaar } from './kyc-fixtures';
import { apiSession, sealedFetch } from './sealed-api';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// The KYC screens through the real server and Chromium (issue 11): a User uploads a subject
// with a PAN card, an Aadhaar card and a picture after the form refused a bad PAN, a wrong
// Aadhaar check digit and an HTML page named .jpg (nothing written); an Admin turns the scan
// policy off (no scanner here); a second User claims the subject, masks the Aadhaar number on
// the card image by dragging over it, sees the masked image beside the approve button before
// approving, and approves every document. The uploader's buttons
// stay disabled, and the server refuses the decision when it is sent anyway.

let scratch = '';
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-kyc-e2e-'));
  return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, ['kyc-management'])) };
}, { privateDist: true });
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const MAKER = 'analyst';
const CHECKER = 'reviewer';
const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });
const go = (page: Page, path: string) => page.goto(`${suite.stack.appUrl}#${path}`);
const UPLOAD = '/kyc-management/kyc/upload';
const DOCUMENTS = '/kyc-management/kyc/documents';
const SETTINGS = '/kyc-management/kyc/settings';
const SUBJECTS = '/kyc-management/kyc/subjects';

const AADHAAR = validAadhaar('98765432109');
const WRONG_AADHAAR = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR.slice(11)) + 1) % 10}`;
const HTML = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');

const subjects = () => suite.stack.sql<{ id: string; status: string; assignee_id: string | null }>('SELECT id::text, status, assignee_id::text FROM kyc_subjects ORDER BY id');
const documents = () =>
  suite.stack.sql<{ id: string; type: string; status: string; version: number }>('SELECT id::text, type, status, version FROM kyc_documents ORDER BY id');

async function open(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await suite.open(1500);
  await logInAs(page, suite.stack.appUrl, username);
  return { context, page };
}

const explain = (page: Page, id: string) => page.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain');
const fileInput = (page: Page, type: string) => page.locator(`[data-testid="kyc-doc-${type}"] .ant-upload-drag input[type="file"]`);

async function fillSubject(page: Page, { pan, aadhaar }: { pan: string; aadhaar: string }): Promise<void> {
  await page.locator('#name').fill('Asha Verma');
  await page.locator('#dob').click();
  await page.locator('#dob').fill('1990-04-01');
  await page.locator('#dob').press('Enter');
  await page.locator('#gender').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Female' }).click();
  await page.locator('#addressLine').fill('12 MG Road');
  await page.locator('#city').fill('Pune');
  await page.locator('#state').fill('Maharashtra');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Maharashtra' }).click();
  await page.locator('#pinCode').fill('411001');
  await page.locator('#pan').fill(pan);
  await page.locator('#aadhaar').fill(aadhaar);
}

let panCard: Buffer;
let aadhaarCard: Buffer;
let picture: Buffer;

beforeAll(async () => {
  // The second User: the demo analyst's twin (same password), so neither is an Admin.
  await suite.stack.sql(
    `INSERT INTO users (username, email, name, role, status, password_hash)
     SELECT $1, $1 || '@backoffice.example', 'Demo Reviewer', 2, 'active', password_hash FROM users WHERE username = $2`,
    [CHECKER, MAKER],
  );
  [panCard, aadhaarCard, picture] = await Promise.all([cardImage('ABCPV1234K', '#e6f0ff'), cardImage(spaced(AADHAAR), '#fff7e6'), cardImage('PHOTO', '#e6ffe6')]);
});

describe('KYC in Chromium', () => {
  it('refuses a bad PAN, a wrong Aadhaar check digit and an HTML file named .jpg before sending, and the server writes nothing when forced', { timeout: 180_000 }, async () => {
    const { context, page } = await open(MAKER);
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/kyc/subjects')) posted.push(request.url());
    });
    try {
      await go(page, UPLOAD);
      await fillSubject(page, { pan: 'abcpv12', aadhaar: spaced(WRONG_AADHAAR) });
      // Typed in lower case, kept in capitals; refused with the catalogue's words.
      await poll(() => page.locator('#pan').inputValue()).toBe('ABCPV12');
      await poll(() => explain(page, 'pan').textContent()).toBe(`PAN ${FIELD_REASONS.panFormat}.`);
      await poll(() => explain(page, 'aadhaar').textContent()).toBe(`Aadhaar number ${FIELD_REASONS.aadhaarChecksum}.`);
      // An HTML page named like a photo is read for what it is.
      await fileInput(page, 'aadhaar_card').setInputFiles({ name: 'aadhaar.jpg', mimeType: 'image/jpeg', buffer: HTML });
      await poll(() => page.getByTestId('kyc-doc-aadhaar_card-error').textContent()).toBe(
        'aadhaar.jpg is not a file of the accepted kinds (read from its content, not its name): send JPEG, PNG, WebP.',
      );
      await fileInput(page, 'pan_card').setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: panCard });
      await fileInput(page, 'picture').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
      await page.getByTestId('kyc-upload-submit').click();
      await poll(() => page.getByTestId('kyc-upload-failure').textContent()).toBe('Some fields need attention.');
      await keepScreenshot(page, 'kyc-upload-refused');
      expect(posted).toEqual([]);
    } finally {
      await context.close();
    }

    // The server is the authority: the same upload sent anyway is refused whole.
    const session = await apiSession(suite.stack.appUrl, MAKER);
    const badNumbers = await postSubject(session, { pan: 'ABCPV12', aadhaar: WRONG_AADHAAR }, { pan_card: panCard, aadhaar_card: aadhaarCard });
    expect(badNumbers.status).toBe(422);
    expect(((await badNumbers.json()) as { errors: Record<string, string> }).errors).toMatchObject({ pan: FIELD_REASONS.panFormat, aadhaar: FIELD_REASONS.aadhaarChecksum });
    const html = await postSubject(session, { pan: 'ABCPV1234K', aadhaar: AADHAAR }, { pan_card: panCard, aadhaar_card: HTML });
    expect(html.status).toBe(415);
    expect(await subjects()).toEqual([]);
    expect(await suite.stack.sql('SELECT 1 FROM kyc_document_files')).toEqual([]);
    expect(await suite.stack.sql('SELECT 1 FROM aadhaar_vault')).toEqual([]);
  });

  it('uploads a subject with a PAN card, an Aadhaar card and a picture, then shows its documents', { timeout: 120_000 }, async () => {
    const { context, page } = await open(MAKER);
    try {
      await go(page, UPLOAD);
      await fillSubject(page, { pan: 'abcpv1234k', aadhaar: spaced(AADHAAR) });
      await fileInput(page, 'pan_card').setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: panCard });
      await fileInput(page, 'aadhaar_card').setInputFiles({ name: 'aadhaar.jpg', mimeType: 'image/jpeg', buffer: aadhaarCard });
      await fileInput(page, 'picture').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
      await page.getByTestId('kyc-doc-picture-preview').waitFor();
      await page.getByTestId('kyc-upload-submit').click();
      await waitForNotice(page, SERVER_MESSAGES.kycSubjectSaved, { type: 'success' });
      // The review queue (the generic list), filtered to the new subject.
      await page.locator('[data-testid="generic-list"][data-resource="kyc-documents"]').waitFor();
      const rows = page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');
      await poll(() => rows.count()).toBe(3);
      expect(decodeURIComponent(page.url())).toContain('[value]=ABCPV1234K');
      expect(await rows.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Aadhaar card'), expect.stringContaining('PAN card'), expect.stringContaining('Picture')]));
      // The search box shows the search in force; the subject's Aadhaar number only masked.
      expect(await page.locator('input[data-testid="generic-search"], [data-testid="generic-search"] input').first().inputValue()).toBe('ABCPV1234K');
      expect(await rows.first().locator('[data-field="subjectAadhaar"]').textContent()).toBe(`XXXX-XXXX-${AADHAAR.slice(-4)}`);
      expect((await rows.allTextContents()).join(' ')).not.toContain(AADHAAR.slice(0, 8));
      await keepScreenshot(page, 'kyc-documents-after-upload');

      // The subjects list (the generic list): the new subject, its Aadhaar number masked; its page lists its documents.
      await go(page, SUBJECTS);
      const subjectRows = page.locator('[data-testid="generic-list"][data-resource="kyc-subjects"] [data-testid="generic-table"] tbody tr.ant-table-row');
      await poll(() => subjectRows.count()).toBe(1);
      expect(await subjectRows.first().locator('[data-field="aadhaar"]').textContent()).toBe(`XXXX-XXXX-${AADHAAR.slice(-4)}`);
      expect(await subjectRows.first().textContent()).toContain('Asha Verma');
      await subjectRows.first().locator('[data-testid^="generic-show-"]').click();
      await page.getByTestId('generic-panel-kyc-subject-documents').waitFor();
      await poll(() => page.locator('[data-testid^="kyc-goto-"]').count()).toBe(3);
    } finally {
      await context.close();
    }
    expect(await subjects()).toEqual([{ id: expect.any(String), status: 'new', assignee_id: null }]);
    expect((await documents()).map((document) => [document.type, document.status])).toEqual([
      ['pan_card', 'new'],
      ['aadhaar_card', 'new'],
      ['picture', 'new'],
    ]);
    // The vault has the number; no other table does.
    const [row] = await suite.stack.sql<{ aadhaar_last4: string }>('SELECT aadhaar_last4 FROM kyc_subjects');
    expect(row?.aadhaar_last4).toBe(AADHAAR.slice(-4));
  });

  it('an Admin finds the KYC settings on the area page and from a refused approval, and turns the scan policy off (no scanner is configured here)', { timeout: 90_000 }, async () => {
    // The demo install started with the policy off (no scanner); a deployment without DEMO_DATA keeps `required`.
    expect(await suite.stack.sql('SELECT scan_policy FROM kyc_settings')).toEqual([{ scan_policy: 'off' }]);
    await suite.stack.sql(`UPDATE kyc_settings SET scan_policy = 'required'`);
    const pictureId = (await documents()).find((document) => document.type === 'picture')?.id ?? '';
    const { context, page } = await open('admin');
    try {
      // The KYC area's menu page lists its four screens (the settings for Admins only).
      await go(page, '/kyc-management');
      await poll(() => page.locator('[data-testid^="area-item-"]').evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')))).toEqual([
        'area-item-kyc-upload',
        'area-item-kyc-documents',
        'area-item-kyc-subjects',
        'area-item-kyc-settings',
      ]);
      // Approval is refused because no scanner exists, and the Admin is pointed at the settings.
      await go(page, `${DOCUMENTS}/show/${pictureId}`);
      await poll(() => page.getByTestId('kyc-block-noScanner-text').textContent()).toBe(SERVER_MESSAGES.kycNoScanner);
      await page.getByTestId('kyc-settings-link').click();
      await page.getByTestId('kyc-scanner-missing').waitFor();
      await page.getByTestId('kyc-scan-policy-off').click();
      await page.getByTestId('kyc-settings-save').click();
      await waitForNotice(page, SERVER_MESSAGES.kycSettingsSaved, { type: 'success' });
    } finally {
      await context.close();
    }
    expect(await suite.stack.sql('SELECT scan_policy FROM kyc_settings')).toEqual([{ scan_policy: 'off' }]);
  });

  it('the uploader cannot decide: the buttons are disabled with the reason, and the server answers 403 when forced', { timeout: 90_000 }, async () => {
    const pan = (await documents()).find((document) => document.type === 'pan_card');
    if (!pan) throw new Error('no PAN card document');
    const { context, page } = await open(MAKER);
    try {
      await go(page, '/kyc-management');
      await poll(() => page.locator('[data-testid^="area-item-"]').count()).toBe(3);
      await go(page, `${DOCUMENTS}/show/${pan.id}`);
      await page.getByTestId('kyc-decision-panel').waitFor();
      await poll(() => page.getByTestId('kyc-block-makerChecker').textContent()).toBe(SERVER_MESSAGES.kycMakerChecker);
      for (const decision of ['approve', 'reject', 'revision']) expect(await page.getByTestId(`kyc-decide-${decision}`).isDisabled()).toBe(true);
      // Decisions are the review panel's only: the generic page offers none beside it.
      expect(await page.locator('[data-testid^="transition-"]').count()).toBe(0);
    } finally {
      await context.close();
    }
    // The workflow's route refuses the maker too.
    const viaWorkflow = await sealedFetch(await apiSession(suite.stack.appUrl, MAKER), 'POST', `be-api-management/kyc/documents/${pan.id}/transitions/approve`, JSON.stringify({ version: pan.version }), 'application/json');
    expect(viaWorkflow.status).toBe(403);
    expect(((await viaWorkflow.json()) as { code: string }).code).toBe('makerChecker');
    const forced = await sealedFetch(await apiSession(suite.stack.appUrl, MAKER), 'POST', `be-api-management/kyc/documents/${pan.id}/decision`, JSON.stringify({ decision: 'approve', version: pan.version }), 'application/json');
    expect(forced.status).toBe(403);
    expect(((await forced.json()) as { code: string }).code).toBe('kycMakerChecker');
    expect((await documents()).find((document) => document.id === pan.id)?.status).toBe('new');
  });

  it('a second User claims the subject, masks the Aadhaar number on the card image, asks for a revision and resets it, and approves every document', { timeout: 240_000 }, async () => {
    const all = await documents();
    const aadhaar = all.find((document) => document.type === 'aadhaar_card');
    if (!aadhaar) throw new Error('no Aadhaar card document');
    const { context, page } = await open(CHECKER);
    try {
      // From the list: the row opens the review; none of its rows offers a decision.
      await go(page, DOCUMENTS);
      await page.getByTestId(`generic-show-${aadhaar.id}`).waitFor();
      expect(await page.locator('[data-testid="generic-table"] [data-testid^="transition-"]').count()).toBe(0);
      await page.getByTestId(`generic-show-${aadhaar.id}`).click();
      await page.getByTestId('kyc-review').waitFor();
      await page.getByTestId('kyc-claim').click();
      await waitForNotice(page, 'You now review Asha Verma.', { type: 'success' });
      await poll(async () => (await subjects())[0]?.assignee_id).not.toBeNull();
      await poll(() => page.getByTestId('kyc-claim').count()).toBe(0);

      // Approval waits for the mask.
      await poll(() => page.getByTestId('kyc-block-notMasked').textContent()).toBe(SERVER_MESSAGES.kycNotMasked);
      expect(await page.getByTestId('kyc-decide-approve').isDisabled()).toBe(true);

      // Drag over the number's first 8 digits; the rectangle is kept in the image's own pixels.
      const image = page.getByTestId('kyc-image');
      await poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(CARD.width);
      await page.getByTestId('kyc-mask-start').click();
      const box = await page.getByTestId('kyc-mask-layer').boundingBox();
      if (!box) throw new Error('no mask layer');
      const scale = box.width / CARD.width;
      expect(scale).not.toBe(1);
      await page.mouse.move(box.x + CARD_NUMBER.x * scale, box.y + CARD_NUMBER.y * scale);
      await page.mouse.down();
      await page.mouse.move(box.x + (CARD_NUMBER.x + CARD_NUMBER.width / 2) * scale, box.y + (CARD_NUMBER.y + CARD_NUMBER.height / 2) * scale, { steps: 4 });
      await page.mouse.move(box.x + (CARD_NUMBER.x + CARD_NUMBER.width) * scale, box.y + (CARD_NUMBER.y + CARD_NUMBER.height) * scale, { steps: 4 });
      await page.mouse.up();
      const drawn = (await page.getByTestId('kyc-mask-rect').getAttribute('data-rect'))?.split(',').map(Number) ?? [];
      const wanted = [CARD_NUMBER.x, CARD_NUMBER.y, CARD_NUMBER.width, CARD_NUMBER.height];
      // Within two pixels: the pointer moves in whole screen pixels.
      expect(drawn.map((value, index) => Math.abs(value - (wanted[index] ?? 0)) <= 2 / scale + 1)).toEqual([true, true, true, true]);
      await keepScreenshot(page, 'kyc-mask-drawn');
      const masked = page.waitForResponse((response) => response.url().endsWith(`/kyc/documents/${aadhaar.id}/mask`) && response.request().method() === 'POST');
      // The masked bytes are held back until approval has been seen to wait for them.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const isFile = (url: URL) => url.pathname.endsWith(`/kyc/documents/${aadhaar.id}/file`);
      const handled: Array<Promise<void>> = [];
      await page.route(isFile, (route) => {
        const handling = held.then(() => route.continue());
        handled.push(handling);
        return handling;
      });
      await page.getByTestId('kyc-mask-save').click();
      expect((await masked).status()).toBe(200);
      await waitForNotice(page, SERVER_MESSAGES.kycMasked, { type: 'success' });

      // Masked, but the masked image not shown yet: approval stays closed until it is drawn beside the button.
      await poll(() => page.getByTestId('kyc-block-notMasked').count()).toBe(0);
      await page.getByTestId('kyc-masked-preview-box').waitFor();
      expect(await page.getByTestId('kyc-masked-preview').count()).toBe(0);
      expect(await page.getByTestId('kyc-decide-approve').isDisabled()).toBe(true);
      release();
      await Promise.all(handled);
      await page.unroute(isFile);
      const preview = page.getByTestId('kyc-masked-preview');
      await poll(() => preview.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(CARD.width);
      await poll(() => page.getByTestId('kyc-decide-approve').isEnabled()).toBe(true);

      // The image comes back masked: black over the digits, the card's colour elsewhere.
      await poll(() => page.getByTestId('kyc-image').getAttribute('data-masked')).toBe('true');
      const pixel = (x: number, y: number, testId = 'kyc-image') =>
        page.getByTestId(testId).evaluate(
          async (element: HTMLImageElement, [px, py]) => {
            await element.decode();
            const canvas = document.createElement('canvas');
            canvas.width = element.naturalWidth;
            canvas.height = element.naturalHeight;
            const context2d = canvas.getContext('2d');
            if (!context2d) return [];
            context2d.drawImage(element, 0, 0);
            return [...context2d.getImageData(px ?? 0, py ?? 0, 1, 1).data.slice(0, 3)];
          },
          [x, y],
        );
      await poll(async () => Math.max(...(await pixel(CARD_NUMBER.x + 150, CARD_NUMBER.y + 50)))).toBeLessThan(40);
      expect(Math.min(...(await pixel(700, 450)))).toBeGreaterThan(200);
      // The preview beside the approve button is the masked image too.
      expect(Math.max(...(await pixel(CARD_NUMBER.x + 150, CARD_NUMBER.y + 50, 'kyc-masked-preview')))).toBeLessThan(40);
      await poll(() => page.getByTestId('kyc-block-notMasked').count()).toBe(0);
      await keepScreenshot(page, 'kyc-review-masked');

      // Approve each of the subject's documents, going from one to the next.
      for (const type of ['aadhaar_card', 'pan_card', 'picture']) {
        if (type !== 'aadhaar_card') {
          await page.getByTestId(`kyc-goto-${type}`).click();
          await page.locator(`[data-testid="kyc-review"]`).filter({ has: page.getByTestId('kyc-decision-panel') }).waitFor();
        }
        const review = page.getByTestId('kyc-review');
        const id = all.find((document) => document.type === type)?.id;
        await poll(() => review.getAttribute('data-document')).toBe(id);
        if (type === 'picture') {
          // A revision needs a reason; reset takes the decision back.
          await page.getByTestId('kyc-decide-revision').click();
          await poll(() => explain(page, 'kyc-decision_reason').textContent()).toBe(`Reason ${FIELD_REASONS.reasonRequired}.`);
          await page.locator('#kyc-decision_reason').click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Poor image quality' }).click();
          await page.locator('#kyc-decision_comment').fill('Too dark');
          await page.getByTestId('kyc-decide-revision').click();
          await poll(() => review.getAttribute('data-status')).toBe('revision');
          await poll(() => page.getByTestId('kyc-document').textContent()).toContain('Poor image quality');
          await page.getByTestId('kyc-decide-reset').click();
          await poll(() => review.getAttribute('data-status')).toBe('pending');
        }
        await poll(() => page.getByTestId('kyc-decide-approve').isEnabled()).toBe(true);
        await page.getByTestId('kyc-decide-approve').click();
        await poll(() => review.getAttribute('data-status')).toBe('approved');
      }
      await poll(async () => (await subjects())[0]?.status).toBe('approved');
      expect((await documents()).map((document) => document.status)).toEqual(['approved', 'approved', 'approved']);
      await poll(() => page.getByTestId('kyc-subject').locator('[data-status]').first().getAttribute('data-status')).toBe('approved');
      await keepScreenshot(page, 'kyc-review-approved');
    } finally {
      await context.close();
    }
  });
});

describe('the KYC screens in every look', () => {
  it('axe finds nothing serious or critical on the upload, the list, the subjects, a review and the settings, in en, es, RTL and dark', { timeout: 300_000 }, async () => {
    const [aadhaar] = await suite.stack.sql<{ id: string }>(`SELECT id::text FROM kyc_documents WHERE type = 'aadhaar_card'`);
    const { context, page } = await open('admin');
    let findings: Record<string, string[]> = {};
    try {
      findings = await auditInEveryLook(
        page,
        suite.stack.appUrl,
        [
          { name: 'upload', path: UPLOAD, ready: '[data-testid="kyc-upload-form"]' },
          { name: 'list', path: DOCUMENTS, ready: '[data-testid="generic-table"] tbody tr.ant-table-row' },
          { name: 'subjects', path: SUBJECTS, ready: '[data-testid="generic-table"] tbody tr.ant-table-row' },
          { name: 'review', path: `${DOCUMENTS}/show/${aadhaar?.id ?? ''}`, ready: '[data-testid="kyc-image"][data-masked="true"]' },
          { name: 'settings', path: SETTINGS, ready: '[data-testid="kyc-scan-policy"]' },
        ],
        'kyc',
      );
    } finally {
      await context.close();
    }
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((key) => [key, []])));
  });
});
