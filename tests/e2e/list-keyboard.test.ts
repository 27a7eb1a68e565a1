import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { withAreas } from '../fixtures/app-config';
import { logInAs } from './browser';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// Keyboard triage on a generic list (the companies): j/k move the ring, x selects, ? lists the
// keys and Escape closes that, keys typed in the search box stay there, Enter opens the row,
// and its page and tab are titled with the record ("Company · <name>").

let scratch = '';
const suite = browserSuite(
  () => {
    scratch = mkdtempSync(join(tmpdir(), 'bo-list-keys-e2e-'));
    return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, ['news-management'])) };
  },
  // A private copy of dist/: other suites may rebuild it meanwhile.
  { privateDist: true },
);
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const rows = (page: Page) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');
const focusedIndex = (page: Page) => rows(page).evaluateAll((all) => all.findIndex((row) => row.getAttribute('data-focused') === 'true'));

describe('list keyboard', () => {
  it('j/k move, x selects, ? lists the keys, typing is left alone, Enter opens the titled record', async () => {
    const { context, page } = await suite.open();
    try {
      await logInAs(page, suite.stack.appUrl, 'analyst');
      await page.goto(`${suite.stack.appUrl}#/news-management/news/companies`);
      await poll(() => rows(page).count()).toBeGreaterThan(3);
      // The list answers keys wherever the focus is but a field: start from the page itself.
      await page.getByTestId('generic-table').click({ position: { x: 2, y: 2 } });

      expect(await focusedIndex(page)).toBe(-1);
      await page.keyboard.press('j');
      await poll(() => focusedIndex(page)).toBe(0);
      await page.keyboard.press('j');
      await page.keyboard.press('ArrowDown');
      await poll(() => focusedIndex(page)).toBe(2);
      await page.keyboard.press('k');
      await poll(() => focusedIndex(page)).toBe(1);

      await page.keyboard.press('x');
      await poll(() => rows(page).nth(1).getAttribute('class')).toContain('ant-table-row-selected');
      await page.keyboard.press('x');
      await poll(() => rows(page).nth(1).getAttribute('class')).not.toContain('ant-table-row-selected');

      await page.keyboard.press('?');
      const help = page.getByTestId('keyboard-help-keys');
      await help.waitFor();
      expect(await help.textContent()).toMatch(/Next row.*Previous row.*Open the row.*Select or unselect the row/);
      // Keys do not reach the list behind the dialog.
      await page.keyboard.press('j');
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      expect(await focusedIndex(page)).toBe(1);

      // Typing in the search box is text, not a command.
      const search = page.locator('input[data-testid="generic-search"], [data-testid="generic-search"] input').first();
      await search.click();
      await page.keyboard.type('jk');
      expect(await search.inputValue()).toBe('jk');
      expect(await focusedIndex(page)).toBe(1);
      await search.fill('');
      await page.getByTestId('generic-table').click({ position: { x: 2, y: 2 } });

      const name = ((await rows(page).nth(1).locator('td').nth(2).textContent()) ?? '').trim();
      expect(name).not.toBe('');
      await page.keyboard.press('Enter');
      await page.getByTestId('generic-show').waitFor();
      await poll(() => page.getByTestId('generic-show-compName').textContent()).toBe(name);
      await poll(() => page.getByRole('heading', { level: 3 }).first().textContent()).toBe(`Company · ${name}`);
      await poll(() => page.title()).toBe(`Company · ${name} · Backoffice`);
    } finally {
      await context.close();
    }
  });
});
