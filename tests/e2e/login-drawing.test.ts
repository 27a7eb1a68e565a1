import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRendered, E2E_PASSWORD, keepScreenshot } from './browser';
import { browserSuite } from './suite';

// index.html carries a drawing of the login page (src/prerender), shown while the app's code
// loads. Here the code is held back, so the drawing can be looked at, typed into and then
// replaced by the app.

const suite = browserSuite();

/** Holds every script of the app until `release` is called. */
async function holdScripts(page: Page): Promise<{ release(): void }> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return {
    release() {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}

const drawingShown = (page: Page) => page.locator('#root > .prerender').isVisible();

/** Where the login page's parts are, rounded to a pixel. */
function layoutOf(page: Page) {
  return page.evaluate(() =>
    ['h1', '#username', '#password', '[data-testid="login-submit"]', '[data-testid="language-select"]', 'a[href="#/register"]'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? [selector, Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)] : [selector, 'missing'];
    }),
  );
}

describe('the drawing of the login page in index.html', () => {
  it('is painted before any script arrives, where the app then draws the same page', async () => {
    const { context, page } = await suite.open(1280);
    const scripts = await holdScripts(page);
    await page.goto(`${suite.stack.appUrl}#/login`);
    await expect.poll(() => drawingShown(page)).toBe(true);
    expect(await page.locator('.boot').isVisible()).toBe(false);
    const drawn = await layoutOf(page);
    await keepScreenshot(page, 'login-drawing');
    scripts.release();
    await appRendered(page);
    expect(await layoutOf(page)).toEqual(drawn);
    await keepScreenshot(page, 'login-after-drawing');
    await context.close();
  });

  it('keeps what was typed into it, sends nothing by itself, and the app then signs in', async () => {
    const { context, page } = await suite.open(1280);
    const scripts = await holdScripts(page);
    await page.goto(`${suite.stack.appUrl}#/login`);
    await expect.poll(() => drawingShown(page)).toBe(true);
    await page.locator('#username').fill('analyst');
    await page.locator('#password').fill(E2E_PASSWORD);
    await page.locator('#password').press('Enter');
    await page.locator('[data-testid="login-submit"]').dispatchEvent('click');
    expect(page.url()).not.toContain(E2E_PASSWORD);
    scripts.release();
    await appRendered(page);
    expect(await page.locator('#username').inputValue()).toBe('analyst');
    expect(await page.locator('#password').inputValue()).toBe(E2E_PASSWORD);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('current-user').filter({ hasText: 'analyst' }).waitFor();
    await context.close();
  });

  it('is not shown in another look, on another public page or with a session open', async () => {
    const { context, page } = await suite.open(1280);
    /** Reloads with the scripts held: the spinner shows, not the drawing; then lets the app run. */
    const reloadShowsSpinner = async () => {
      const scripts = await holdScripts(page);
      // Not until "load": the held scripts are asked for at once here, and "load" waits for them.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect.poll(() => page.locator('.boot').isVisible()).toBe(true);
      expect(await drawingShown(page)).toBe(false);
      scripts.release();
      await appRendered(page);
      await page.unrouteAll();
    };

    await page.goto(`${suite.stack.appUrl}#/login`);
    await appRendered(page);
    await page.evaluate(() => localStorage.setItem('themeMode', 'dark'));
    await reloadShowsSpinner();
    await page.evaluate(() => localStorage.removeItem('themeMode'));

    await page.goto(`${suite.stack.appUrl}#/register`);
    await reloadShowsSpinner();
    await page.getByTestId('register-submit').waitFor();

    await page.evaluate(() => sessionStorage.setItem('access_token', 'a-token'));
    await page.goto(`${suite.stack.appUrl}#/login`);
    await reloadShowsSpinner();
    await context.close();
  });
});
