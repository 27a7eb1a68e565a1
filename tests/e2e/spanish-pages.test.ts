import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { TRANSLATIONS } from '../../src/i18n/translations';
import { withAreas } from '../fixtures/app-config';
import { SPEC_ROUTES } from '../fixtures/spec';
import { keepScreenshot, logInAs } from './browser';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// No English on a Spanish page: every page of the product, every area on, read by the
// Super Admin in Spanish, and no line of it is one of the app's or the server's English
// sentences (the texts that differ between en.json and es.json).

let scratch = '';
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-es-pages-e2e-'));
  return {
    APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, ['kyc-management', 'announcements', 'news-management', 'finview', 'admin'])),
  };
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function leaves(tree: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) return leaves(value as Record<string, unknown>, path);
    return typeof value === 'string' ? [[path, value]] : [];
  });
}

/** The English texts a Spanish page must not show: whole, without placeholders, unlike their Spanish. */
function englishOnly(): Set<string> {
  const spanish = new Map(leaves(TRANSLATIONS.es));
  return new Set(
    leaves(TRANSLATIONS.en)
      .filter(([key, text]) => !text.includes('{{') && spanish.get(key) !== text)
      .map(([, text]) => text),
  );
}

/** Data, not the app's words: the superadmin account's display name, shown in the header. */
const DATA = new Set(['Super Admin']);

const PAGES = [
  '/',
  ...SPEC_ROUTES.filter((route) => route.access !== 'anonymous').map((route) => route.path),
  '/admin/audit/audit-log',
  '/change-password',
];

async function linesOf(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}

describe('Spanish pages in Chromium', () => {
  it('show no English sentence of the app or the server, on any page', async () => {
    const english = englishOnly();
    const { context, page } = await suite.open();
    await context.addInitScript(() => localStorage.setItem('language', 'es'));
    try {
      await logInAs(page, suite.stack.appUrl, 'superadmin');
      const leaks: Record<string, string[]> = {};
      for (const path of PAGES) {
        await page.goto(`${suite.stack.appUrl}#${path}`);
        await page.getByTestId('shell').waitFor({ timeout: 20_000 });
        // The page's data has arrived when the network is quiet.
        await page.waitForLoadState('networkidle');
        const found = (await linesOf(page)).filter((line) => english.has(line) && !DATA.has(line));
        if (found.length > 0) leaks[path] = found;
      }
      await keepScreenshot(page, 'spanish-last-page');
      expect(leaks).toEqual({});
    } finally {
      await context.close();
    }
  });
});
