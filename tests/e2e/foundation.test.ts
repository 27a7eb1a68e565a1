import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRendered, E2E_PASSWORD, keepScreenshot, launchBrowser, logInAs, sessionStorageOf, waitForNotice } from './browser';
import { browserSuite } from './suite';

// The walking skeleton seen through a real browser: the built app, the real
// server on loopback, a real PGlite database.

const PASSWORD = E2E_PASSWORD;

const suite = browserSuite();

async function logIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await logInAs(page, suite.stack.appUrl, username, password);
}

async function menuItems(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-testid^="menu-item-"]').evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('data-testid') ?? ''),
  );
  return ids.map((id) => id.replace('menu-item-', '')).sort();
}

async function openMenuAreas(page: Page): Promise<void> {
  // Sub-menus render their items only once opened.
  for (const area of await page.locator('[data-testid^="menu-area-"]').all()) {
    const open = await area.evaluate((node) => node.closest('li')?.classList.contains('ant-menu-submenu-open'));
    if (!open) await area.click();
  }
}

describe('foundation in Chromium', () => {
  it('shows each role exactly the menu the config allows', async () => {
    const expected: Record<string, string[]> = {
      superadmin: ['audit-log', 'create-videos', 'enterprises', 'finview-settings', 'plugins', 'rules', 'templates', 'users', 'videos'],
      admin: ['audit-log', 'create-videos', 'finview-settings', 'plugins', 'rules', 'templates', 'users', 'videos'],
      analyst: ['create-videos', 'plugins', 'rules', 'templates', 'videos'],
    };
    for (const [username, items] of Object.entries(expected)) {
      const context = await suite.browser.newContext({ viewport: { width: 1600, height: 900 } });
      const page = await context.newPage();
      await logIn(page, username);
      await openMenuAreas(page);
      await expect.poll(() => menuItems(page)).toEqual(items);
      if (username === 'analyst') expect(await page.getByTestId('menu-area-admin').count()).toBe(0);
      await keepScreenshot(page, `menu-${username}`);
      await context.close();
    }
  });

  it('stores the session as the protocol says and makes a sealed call that succeeds', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    const meAnswers: { status: number; rcKey: string | null; sealed: boolean }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/me')) {
        const headers = response.request().headers();
        meAnswers.push({
          status: response.status(),
          rcKey: response.headers()['rc-key'] ?? null,
          sealed: Boolean(headers['authorization'] && headers['encrypted-key'] && headers['key-padding']),
        });
      }
    });
    await logIn(page, 'superadmin');
    const storage = await sessionStorageOf(page);
    const user = JSON.parse(storage['current_user'] ?? '{}') as Record<string, unknown>;
    expect(user).toMatchObject({ username: 'superadmin', role: 0 });
    expect(typeof user['user_id']).toBe('string');
    expect(Array.isArray(user['anonymous_paths'])).toBe(true);
    expect(storage['access_token']?.length).toBeGreaterThanOrEqual(32);
    expect(storage['rc-key']).toMatch(/^[0-9a-f]{8}\./);

    await expect.poll(() => meAnswers.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(meAnswers[0]).toMatchObject({ status: 200, sealed: true });
    expect(meAnswers[0]?.rcKey).toMatch(/^[0-9a-f]{8}\./);
    // The client keeps the newest key it was given.
    const kidAfter = (await sessionStorageOf(page))['rc-key']?.slice(0, 8) ?? '';
    expect(parseInt(kidAfter, 16)).toBeGreaterThan(parseInt(storage['rc-key']?.slice(0, 8) ?? 'ffffffff', 16) - 1);
    await context.close();
  });

  it('logout clears storage and returns to login', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'admin');
    await page.getByTestId('logout').click();
    await page.waitForURL(/#\/login/);
    const storage = await sessionStorageOf(page);
    expect(storage['current_user']).toBeUndefined();
    expect(storage['access_token']).toBeUndefined();
    expect(storage['rc-key']).toBeUndefined();
    await context.close();
  });

  it('a forged 401 ends the session and sends the user to login with the server message', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'analyst');
    await page.route('**/api/me', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Forged session end.' }) }),
    );
    await page.reload();
    await page.waitForURL(/#\/login/, { timeout: 15_000 });
    await waitForNotice(page, 'Forged session end.', { type: 'error' });
    const storage = await sessionStorageOf(page);
    expect(storage['access_token']).toBeUndefined();
    await keepScreenshot(page, 'forged-401');
    await context.close();
  });

  it('an analyst typing an admin URL gets the 403 view', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'analyst');
    await page.goto(`${suite.stack.appUrl}#/admin/user/users`);
    await expect.poll(() => page.getByTestId('forbidden').count(), { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  it('seals with node-forge in a Web Worker where the page is not a secure context', async () => {
    // A plain-http name other than localhost is not a secure context, so the
    // page has no WebCrypto and must take the forge worker path.
    const insecure = await launchBrowser([`--host-resolver-rules=MAP backoffice.test 127.0.0.1`]);
    try {
      const page = await insecure.newPage();
      const url = suite.stack.appUrl.replace('127.0.0.1', 'backoffice.test');
      await page.goto(`${url}#/login`);
      await appRendered(page);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await page.locator('#username').fill('analyst');
      await page.locator('#password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect.poll(() => page.getByTestId('current-user').textContent(), { timeout: 30_000 }).toContain('analyst');
    } finally {
      await insecure.close();
    }
  });
});
