import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginRouteFiles, readManifest } from '../../bench/bundle-size';
import { appRendered, E2E_PASSWORD, keepScreenshot, logInAs } from './browser';
import { browserSuite } from './suite';

// The shell's frame in Chromium: the side menu at three widths and its modes,
// the error views (404, 403, 500, a chunk or stylesheet that does not load),
// and a login route that does not download the app behind it.

const PASSWORD = E2E_PASSWORD;

const suite = browserSuite({}, { privateDist: true });

async function logIn(page: Page, username = 'superadmin'): Promise<void> {
  await logInAs(page, suite.stack.appUrl, username);
}

const menuState = (page: Page) => page.getByTestId('shell').getAttribute('data-menu-state');
const visibleItems = (page: Page) =>
  page.locator('[data-testid^="menu-item-"]').evaluateAll((nodes) =>
    nodes.filter((node) => (node as HTMLElement).offsetParent !== null).map((node) => node.getAttribute('data-testid')),
  );

/** The built file that holds a source module (from the Vite manifest). */
function chunkOf(source: string): { file: string; css: string[] } {
  const chunk = readManifest(suite.stack.staticDir)[source];
  if (!chunk) throw new Error(`${source} is not in the build`);
  return { file: basename(chunk.file), css: (chunk.css ?? []).map((css) => basename(css)) };
}

describe('side menu', () => {
  it('at 1600 px shows menu and sub-menus inline, and collapses to icons', async () => {
    const { context, page } = await suite.open(1600);
    await logIn(page);
    expect(await menuState(page)).toBe('default');
    expect(await page.locator('.ant-menu.menu-default.ant-menu-inline').count()).toBe(1);
    await page.getByTestId('menu-area-admin').click();
    await expect.poll(() => visibleItems(page)).toContain('menu-item-users');
    await keepScreenshot(page, 'menu-1600-default');

    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await page.getByTestId('sider').boundingBox())?.width).toBe(80);
    // Items fold away with the menu's own transition, a moment after the sider.
    await expect.poll(() => visibleItems(page)).toEqual([]);
    await keepScreenshot(page, 'menu-1600-collapsed');
    await context.close();
  });

  it('at 1200 px hides the sub-menus: an area opens as a pop-up', async () => {
    const { context, page } = await suite.open(1200);
    await logIn(page);
    expect(await menuState(page)).toBe('sub-hidden');
    expect(await page.getByTestId('sider').isVisible()).toBe(true);
    expect(await visibleItems(page)).toEqual([]);
    await page.getByTestId('menu-area-admin').click();
    const popup = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');
    await popup.getByTestId('menu-item-users').waitFor();
    // The pop-up zooms in; the screenshot should show it, not its first frame.
    await expect.poll(() => popup.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
    await keepScreenshot(page, 'menu-1200-sub-hidden');
    await popup.getByTestId('menu-item-users').click();
    await page.waitForURL(/#\/admin\/user\/users/);
    await context.close();
  });

  it('at 700 px hides the whole menu; a drawer opens it and closes on navigation', async () => {
    const { context, page } = await suite.open(700);
    await logIn(page);
    expect(await menuState(page)).toBe('hidden');
    expect(await page.getByTestId('sider').count()).toBe(0);
    await keepScreenshot(page, 'menu-700-hidden');
    await page.getByTestId('menu-open').click();
    const drawer = page.locator('.shell-menu-drawer .ant-drawer-content');
    await drawer.waitFor();
    await drawer.getByTestId('menu-area-finview').click();
    await drawer.getByTestId('menu-item-videos').waitFor();
    await keepScreenshot(page, 'menu-700-drawer');
    await drawer.getByTestId('menu-item-videos').click();
    await page.waitForURL(/#\/finview\/videos$/);
    await expect.poll(() => page.locator('.shell-menu-drawer .ant-drawer-open').count()).toBe(0);
    await context.close();
  });

  it('takes the display mode chosen in the settings and keeps it under menuMode', async () => {
    const { context, page } = await suite.open(1600);
    await logIn(page);
    await page.getByTestId('settings-open').click();
    // The drawer slides in; clicks during the slide land beside their target.
    await expect.poll(() => page.locator('.settings-panel .ant-drawer-content-wrapper').evaluate((node) => getComputedStyle(node).transform)).toBe('none');
    await page.locator('label', { has: page.getByTestId('settings-menuMode-menu-hidden') }).click();
    await expect.poll(() => menuState(page)).toBe('hidden');
    expect(await page.evaluate(() => localStorage.getItem('menuMode'))).toBe('menu-hidden');
    await page.locator('label', { has: page.getByTestId('settings-menuMode-menu-sub-hidden') }).click();
    await expect.poll(() => menuState(page)).toBe('sub-hidden');
    expect(await page.locator('.ant-menu.menu-sub-hidden').count()).toBe(1);
    await page.reload();
    await page.getByTestId('shell').waitFor();
    expect(await menuState(page)).toBe('sub-hidden');
    await context.close();
  });
});

describe('error views', () => {
  it('404 for an unknown path and 403 for a route the role may not open', async () => {
    const { context, page } = await suite.open();
    await logIn(page, 'analyst');
    await page.goto(`${suite.stack.appUrl}#/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    await keepScreenshot(page, 'error-404');
    await page.goto(`${suite.stack.appUrl}#/admin/user/users`);
    await page.getByTestId('forbidden').waitFor();
    await keepScreenshot(page, 'error-403');
    await context.close();
  });

  it('500: a page that throws is caught by its route boundary, the shell keeps working', async () => {
    const { context, page } = await suite.open();
    const dashboard = chunkOf('src/pages/dashboard/dashboard-page.tsx');
    await page.route(`**/assets/${dashboard.file}`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export default function BrokenDashboard() { throw new Error("The dashboard broke on purpose."); }',
      }),
    );
    await logIn(page);
    await page.getByTestId('server-error').waitFor();
    expect(await page.getByTestId('server-error-detail').textContent()).toBe('The dashboard broke on purpose.');
    expect(await page.getByTestId('current-user').isVisible()).toBe(true);
    await keepScreenshot(page, 'error-500');
    // Another route clears the boundary.
    await page.goto(`${suite.stack.appUrl}#/change-password`);
    await page.locator('#oldPassword').waitFor();
    expect(await page.getByTestId('server-error').count()).toBe(0);
    await context.close();
  });

  it('a page chunk that fails to load is named, with a reload that recovers', async () => {
    const { context, page } = await suite.open();
    const notFound = chunkOf('src/pages/errors/not-found-page.tsx');
    await page.route(`**/assets/${notFound.file}`, (route) => route.abort('connectionrefused'));
    await logIn(page);
    await page.goto(`${suite.stack.appUrl}#/no/such/page`);
    await page.getByTestId('chunk-error').waitFor();
    expect(await page.getByTestId('chunk-error-url').allTextContents()).toContainEqual(expect.stringContaining(notFound.file));
    expect(await page.getByTestId('current-user').isVisible()).toBe(true);
    await keepScreenshot(page, 'error-chunk');
    await page.unroute(`**/assets/${notFound.file}`);
    await page.getByTestId('chunk-error-reload').click();
    await page.getByTestId('not-found').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('chunk-error').count()).toBe(0);
    await context.close();
  });

  it('a stylesheet that fails to load is named instead of a white screen', async () => {
    const { context, page } = await suite.open();
    const shell = chunkOf('src/shell/shell-layout.tsx');
    expect(shell.css.length).toBeGreaterThan(0);
    for (const css of shell.css) await page.route(`**/assets/${css}`, (route) => route.abort('failed'));
    await page.goto(`${suite.stack.appUrl}#/login`);
    await appRendered(page);
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('chunk-error').waitFor({ timeout: 15_000 });
    const named = await page.getByTestId('chunk-error-url').allTextContents();
    expect(named.some((url) => shell.css.some((css) => url.includes(css)))).toBe(true);
    await keepScreenshot(page, 'error-stylesheet');
    await context.close();
  });
});

describe('lean first load', () => {
  it('the login route fetches exactly the files bench/bundle-size.ts counts, none of the app behind it', async () => {
    const { context, page } = await suite.open();
    const fetched = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/\.(js|css)$/.test(url.pathname) && url.pathname.includes('/assets/')) fetched.add(`assets/${basename(url.pathname)}`);
    });
    await page.goto(`${suite.stack.appUrl}#/login`);
    await page.locator('#username').waitFor();
    await page.waitForLoadState('networkidle');
    expect([...fetched].sort()).toEqual(loginRouteFiles(readManifest(suite.stack.staticDir)));
    const appOnly = ['src/private-app.tsx', 'src/shell/shell-layout.tsx', 'src/pages/dashboard/dashboard-page.tsx'].map(
      (source) => `assets/${chunkOf(source).file}`,
    );
    expect([...fetched].filter((file) => appOnly.includes(file))).toEqual([]);
    await keepScreenshot(page, 'login-route');
    await context.close();
  });
});
