import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Role } from '../../common/resources/types';
import { withAreas } from '../fixtures/app-config';
import { rolesOf, SPEC_ROUTES } from '../fixtures/spec';
import { appRendered, logInAs } from './browser';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// Every route of SPEC.md section 2 (tests/fixtures/spec.ts, held to the file by a unit
// test), visited in Chromium by each of the three roles: the page opens for the roles the
// spec names and the 403 view answers the others. Every area is switched on.

let scratch = '';
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-spec-routes-e2e-'));
  return {
    APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, ['kyc-management', 'announcements', 'news-management', 'finview', 'admin'])),
  };
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const ACCOUNTS: ReadonlyArray<{ username: string; role: Role }> = [
  { username: 'superadmin', role: 0 },
  { username: 'admin', role: 1 },
  { username: 'analyst', role: 2 },
];

/** What the route answered: the page (`data-route`), the 403 view for it (`data-refused`), or nothing yet. */
function answerOf(page: Page, path: string): Promise<string> {
  return page.evaluate((wanted) => {
    const marked = (attribute: string) => [...document.querySelectorAll(`[${attribute}]`)].some((node) => node.getAttribute(attribute) === wanted);
    if (marked('data-route')) return 'page';
    if (marked('data-refused')) return document.querySelector('[data-testid="forbidden"]') ? '403' : 'refused without the 403 view';
    return 'pending';
  }, path);
}

describe('the routes of SPEC.md section 2', () => {
  it('/login is open to anyone', async () => {
    const { context, page } = await suite.open();
    try {
      await page.goto(`${suite.stack.appUrl}#/login`);
      await appRendered(page);
      await page.locator('#username').waitFor();
      expect(await page.getByTestId('login-submit').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it.each(ACCOUNTS)('$username (role $role) opens the routes of its role and gets the 403 view on the others', async ({ username, role }) => {
    const { context, page } = await suite.open();
    const answers: Record<string, string> = {};
    const expected: Record<string, string> = {};
    // Every page ever mounted, however briefly: a refused route must never mount its page.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      Object.assign(window, { seenRoutes: seen });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue;
            for (const marked of [node, ...node.querySelectorAll('[data-route]')]) {
              const path = marked.getAttribute('data-route');
              if (path) seen.add(path);
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await logInAs(page, suite.stack.appUrl, username);
      for (const { path, access } of SPEC_ROUTES.filter((route) => route.access !== 'anonymous')) {
        await page.goto(`${suite.stack.appUrl}#${path}`);
        await expect.poll(() => answerOf(page, path), { timeout: 20_000 }).not.toBe('pending');
        answers[path] = await answerOf(page, path);
        expected[path] = rolesOf(access).includes(role) ? 'page' : '403';
      }
      expect(answers).toEqual(expected);
      const mounted = await page.evaluate(() => [...(window as unknown as { seenRoutes: Set<string> }).seenRoutes]);
      const refused = Object.keys(expected).filter((path) => expected[path] === '403');
      expect(mounted.filter((path) => refused.includes(path))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
