import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS, THEME_MODES } from '../../common/config/values';
import { BACKGROUND, primaryShown } from '../../src/shell/palette';
import { axeFindings } from './axe';
import { appRendered, E2E_PASSWORD, keepScreenshot, logInAs } from './browser';
import { browserSuite } from './suite';

// The shell's look in Chromium against the built app and the real server:
// themes and their storage, locales and RTL, toasts, and axe-core's verdict.

const PASSWORD = E2E_PASSWORD;

const suite = browserSuite({}, { privateDist: true });

async function logIn(page: Page, username = 'admin', password = PASSWORD): Promise<void> {
  await logInAs(page, suite.stack.appUrl, username, password);
}

const html = (page: Page, name: string) => page.evaluate((attribute) => document.documentElement.getAttribute(attribute), name);
const background = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((node) => getComputedStyle(node).backgroundColor);
const storageOf = (page: Page) => page.evaluate(() => ({ ...localStorage }));

function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** antd radio buttons hide their input; the reader clicks its label. */
async function pick(page: Page, testId: string): Promise<void> {
  await page.locator('label', { has: page.getByTestId(testId) }).click();
  await expect.poll(() => page.getByTestId(testId).isChecked(), { timeout: 10_000 }).toBe(true);
}

async function chooseLanguage(page: Page, label: string): Promise<void> {
  const select = page.getByTestId('language-select').first();
  // The public pages use the browser's select (src/i18n/plain-language-select.tsx).
  if (await select.evaluate((element) => element.tagName === 'SELECT')) {
    await select.selectOption({ label });
    return;
  }
  await select.click();
  await page.locator('.ant-select-item-option', { hasText: label }).click();
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
}

describe('themes', () => {
  it('are chosen in the settings panel, stored under their keys and applied', async () => {
    const { context, page } = await suite.open();
    await logIn(page);
    expect(await html(page, 'data-theme')).toBe('blueolympic');
    expect(await background(page, '.ant-layout')).toBe(rgb(BACKGROUND.light));

    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-panel').waitFor();
    // The drawer slides in; clicks during the slide land beside their target.
    await expect.poll(() => page.locator('.settings-panel .ant-drawer-content-wrapper').evaluate((node) => getComputedStyle(node).transform)).toBe('none');
    await keepScreenshot(page, 'settings-panel-default');
    await pick(page, 'settings-theme-redruby');
    await pick(page, 'settings-themeMode-dark');
    await pick(page, 'settings-radius-flat');

    expect(await storageOf(page)).toMatchObject({ theme: 'redruby', themeMode: 'dark', radius: 'flat' });
    expect(await html(page, 'data-theme')).toBe('redruby');
    expect(await html(page, 'data-theme-mode')).toBe('dark');
    await expect.poll(() => background(page, '.ant-layout')).toBe(rgb(BACKGROUND.dark));
    await expect
      .poll(() => page.getByTestId('logout').evaluate((node) => getComputedStyle(node).borderTopLeftRadius))
      .toBe('0px');
    await keepScreenshot(page, 'settings-panel-redruby-dark-flat');
    await context.close();
  });

  it('paints the stored dark theme from the first frame after a reload (no flash)', async () => {
    const { context, page } = await suite.open();
    await logIn(page);
    await page.evaluate(() => {
      localStorage.setItem('theme', 'greenmoss');
      localStorage.setItem('themeMode', 'dark');
    });
    // Recorded before any app script runs: what the reader sees at DOMContentLoaded.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.documentElement;
        (window as unknown as Record<string, unknown>).__atDomReady = {
          background: getComputedStyle(root).backgroundColor,
          mode: root.getAttribute('data-theme-mode'),
          appRendered: Boolean(document.querySelector('[data-testid="shell"]')),
        };
      });
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await keepScreenshot(page, 'reload-first-frame-dark');
    const atDomReady = await page.evaluate(() => (window as unknown as Record<string, unknown>).__atDomReady);
    expect(atDomReady).toEqual({ background: rgb(BACKGROUND.dark), mode: 'dark', appRendered: false });
    await page.getByTestId('shell').waitFor();
    expect(await background(page, '.ant-layout')).toBe(rgb(BACKGROUND.dark));
    await context.close();
  });

  it('offers ten colours, each light and dark, through antd tokens', async () => {
    const { context, page } = await suite.open(1200);
    await logIn(page);
    for (const mode of THEME_MODES) {
      for (const color of THEME_COLORS) {
        await page.evaluate(
          ([theme, themeMode]) => {
            localStorage.setItem('theme', theme as string);
            localStorage.setItem('themeMode', themeMode as string);
          },
          [color, mode],
        );
        await page.reload();
        await page.getByTestId('shell').waitFor();
        expect(await html(page, 'data-theme')).toBe(color);
        expect(await background(page, '.ant-layout')).toBe(rgb(BACKGROUND[mode]));
        // The dashboard icon is coloured with the primary token: the palette's colour, or in dark mode a lighter shade of it.
        const iconColor = await page.locator('[data-testid^="dashboard-tile-"] span').first().evaluate((node) => getComputedStyle(node).color);
        expect(iconColor).toBe(rgb(primaryShown(color, mode)));
        await keepScreenshot(page, `theme-${color}-${mode}`);
      }
    }
    await context.close();
  });

  it('falls back to the defaults when storage holds unknown values', async () => {
    const { context, page } = await suite.open();
    await logIn(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.evaluate(() => {
      localStorage.setItem('theme', 'plaid');
      localStorage.setItem('themeMode', 'dim');
      localStorage.setItem('radius', 'blobby');
      localStorage.setItem('menuMode', 'menu-sideways');
      localStorage.setItem('language', 'fr');
      localStorage.setItem('direction', 'diagonal');
    });
    await page.reload();
    await page.getByTestId('shell').waitFor();
    expect(pageErrors).toEqual([]);
    expect(await html(page, 'data-theme')).toBe('blueolympic');
    expect(await html(page, 'data-theme-mode')).toBe('light');
    expect(await html(page, 'data-radius')).toBe('rounded');
    expect(await html(page, 'lang')).toBe('en');
    expect(await html(page, 'dir')).toBe('ltr');
    expect(await page.locator('.ant-menu.menu-default').count()).toBe(1);
    expect(await page.getByTestId('logout').textContent()).toContain('Sign out');
    await keepScreenshot(page, 'bad-storage-defaults');
    await context.close();
  });
});

describe('locales', () => {
  it('switch to Spanish with antd and the page following, and remember it', async () => {
    const { context, page } = await suite.open();
    await page.goto(`${suite.stack.appUrl}#/login`);
    await appRendered(page);
    await chooseLanguage(page, 'Español');
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe('Iniciar sesión');
    expect(await html(page, 'lang')).toBe('es');
    expect(await storageOf(page)).toMatchObject({ language: 'es', direction: 'ltr' });
    await logIn(page);
    await expect.poll(() => page.getByTestId('logout').textContent()).toContain('Cerrar sesión');
    await keepScreenshot(page, 'locale-es-shell');
    await context.close();
  });

  it('English right-to-left mirrors the layout and the menu', async () => {
    const { context, page } = await suite.open();
    await logIn(page);
    const siderLtr = await page.getByTestId('sider').boundingBox();
    await chooseLanguage(page, 'English (right to left)');
    await expect.poll(() => html(page, 'dir')).toBe('rtl');
    expect(await storageOf(page)).toMatchObject({ language: 'en', direction: 'rtl' });
    expect(await page.locator('.ant-menu-rtl').count()).toBeGreaterThan(0);
    const sider = await page.getByTestId('sider').boundingBox();
    expect(siderLtr?.x).toBe(0);
    expect(sider && sider.x + sider.width).toBeCloseTo(1600, 0);
    await keepScreenshot(page, 'locale-en-rtl-shell');
    await page.reload();
    await page.getByTestId('shell').waitFor();
    expect(await html(page, 'dir')).toBe('rtl');
    await context.close();
  });
});

describe('toasts', () => {
  it('show a failed login top-right below the header band, pause on hover and close by themselves after 5 s', async () => {
    const { context, page } = await suite.open();
    await page.goto(`${suite.stack.appUrl}#/login`);
    await appRendered(page);
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    const toast = page.locator('.Toastify__toast-container--top-right .Toastify__toast--error');
    await toast.waitFor();
    // Hovered at once: its 5 s stop while the rest is checked, however slow the machine.
    await toast.hover();
    const progress = toast.locator('.Toastify__progress-bar');
    await expect.poll(() => progress.evaluate((node) => getComputedStyle(node).animationPlayState), { timeout: 10_000 }).toBe('paused');
    const box = await toast.boundingBox();
    expect(box && box.x + box.width).toBeGreaterThan(1600 - 40);
    // Top-right, below the 64 px header band where the shell has Sign out.
    expect(box && box.y).toBeGreaterThanOrEqual(64);
    expect(box && box.y).toBeLessThan(100);
    expect(await toast.getAttribute('class')).toContain('Toastify__toast-theme--light');
    await keepScreenshot(page, 'toast-error');

    await page.mouse.move(10, 800);
    await expect.poll(() => progress.evaluate((node) => getComputedStyle(node).animationPlayState), { timeout: 10_000 }).toBe('running');
    expect(await progress.evaluate((node) => getComputedStyle(node).animationDuration)).toBe('5s');
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('can be dragged away, and tell warning, info and success apart', async () => {
    const { context, page } = await suite.open();
    await page.goto(`${suite.stack.appUrl}#/login`);
    await appRendered(page);
    await context.setOffline(true);
    const warning = page.locator('.Toastify__toast--warning');
    await warning.waitFor();
    await keepScreenshot(page, 'toast-warning');
    await context.setOffline(false);
    const info = page.locator('.Toastify__toast--info');
    await info.waitFor();
    // The pointer rests on it from the start: it cannot close by itself before the drag.
    await info.hover();
    await keepScreenshot(page, 'toast-info');

    // Dragged once it has finished sliding in, further than toastify's 80 % of its width.
    await expect.poll(() => info.evaluate((node) => node.getAnimations().length)).toBe(0);
    const box = await info.boundingBox();
    if (!box) throw new Error('the info toast has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - box.width * 1.2, box.y + box.height / 2, { steps: 20 });
    await page.mouse.up();
    await expect.poll(() => info.count(), { timeout: 3_000 }).toBe(0);

    const username = `toast${Date.now().toString(36).slice(-6)}`;
    await page.goto(`${suite.stack.appUrl}#/register`);
    await page.locator('#username').fill(username);
    await page.locator('#name').fill('Toast Reader');
    await page.locator('#email').fill(`${username}@backoffice.example`);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('#confirmPassword').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    const success = page.locator('.Toastify__toast--success');
    await success.waitFor({ timeout: 15_000 });
    await keepScreenshot(page, 'toast-success');
    await context.close();
  });
});

describe('accessibility (axe-core)', () => {
  for (const [choice, label] of [
    ['en', 'English'],
    ['es', 'Español'],
    ['en-RTL', 'English (right to left)'],
  ] as const) {
    it(`finds nothing serious on login, shell and settings in ${choice}`, async () => {
      const { context, page } = await suite.open();
      await page.goto(`${suite.stack.appUrl}#/login`);
      await appRendered(page);
      if (choice !== 'en') await chooseLanguage(page, label);
      await page.keyboard.press('Escape');
      const findings: Record<string, string[]> = {};
      findings.login = await axeFindings(page);
      await logIn(page);
      await page.getByTestId('dashboard-tile-finview').waitFor();
      findings.shell = await axeFindings(page);
      await page.getByTestId('settings-open').click();
      await page.getByTestId('settings-panel').waitFor();
      await page.waitForTimeout(400);
      findings.settings = await axeFindings(page);
      await keepScreenshot(page, `axe-settings-${choice}`);
      expect(findings).toEqual({ login: [], shell: [], settings: [] });
      await context.close();
    });
  }
});
