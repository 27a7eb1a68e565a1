import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRendered, keepScreenshot, logInAs, waitForNotice } from './browser';
import { browserSuite } from './suite';

// What a reader sees in each language and direction: the server's sentences in Spanish, the
// password rule before the first try, audit actions by name, dates in order right to left,
// tab titles naming the page, toasts clear of Sign out, and a warning before disabling oneself.

const suite = browserSuite();

type Look = { language?: 'en' | 'es'; direction?: 'ltr' | 'rtl'; themeMode?: 'light' | 'dark' };

async function openPage({ language = 'en', direction = 'ltr', themeMode = 'light' }: Look = {}): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1600, height: 900 } });
  await context.addInitScript(
    ([lang, dir, mode]) => {
      localStorage.setItem('language', lang);
      localStorage.setItem('direction', dir);
      localStorage.setItem('themeMode', mode);
    },
    [language, direction, themeMode] as const,
  );
  return context.newPage();
}

/** The user's row of the users list, searched for (its username cell reads exactly the username). */
async function usersRow(page: Page, username: string): Promise<Locator> {
  await page.goto(`${suite.stack.appUrl}#/admin/user/users`);
  const search = page.locator('input[data-testid="generic-search"], [data-testid="generic-search"] input').first();
  await search.fill(username);
  await search.press('Enter');
  const row = page.locator('[data-testid="generic-table"] tr.ant-table-row').filter({ has: page.locator('td', { hasText: new RegExp(`^${username}$`) }) });
  await row.locator('[data-status]').waitFor({ timeout: 15_000 });
  return row;
}

/** Left edges of two substrings of an element's text as laid out: which one the eye meets first. */
async function leftEdges(page: Page, selector: string, first: string, second: string): Promise<[number, number]> {
  return page.locator(selector).first().evaluate(
    (element, [a, b]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const text = walker.nextNode();
      if (!text || !text.textContent) throw new Error('no text');
      const edge = (part: string) => {
        const start = text.textContent?.indexOf(part) ?? -1;
        if (start < 0) throw new Error(`"${part}" is not in "${text.textContent}"`);
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + part.length);
        return range.getBoundingClientRect().left;
      };
      return [edge(a), edge(b)] as [number, number];
    },
    [first, second] as const,
  );
}

describe('words and layout in Chromium', () => {
  it('a Spanish login error is Spanish, the auth pages use the theme font, and the tab names the page', async () => {
    const page = await openPage({ language: 'es' });
    await page.goto(`${suite.stack.appUrl}#/login`);
    await appRendered(page);
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('not-the-password-1');
    await page.getByTestId('login-submit').click();
    await waitForNotice(page, 'Usuario o contraseña incorrectos.', { type: 'error' });
    expect(await page.title()).toBe('Inicie sesión en su cuenta · Backoffice');
    const font = await page.locator('h1').evaluate((node) => getComputedStyle(node).fontFamily);
    expect(font).toContain('-apple-system');
    expect(font.split(',')[0]?.trim()).not.toMatch(/serif|times/i);
    await keepScreenshot(page, 'login-error-es');
    await page.context().close();
  });

  for (const [language, rule] of [
    ['en', 'At least 8 characters, with at least one letter and one digit.'],
    ['es', 'Al menos 8 caracteres, con al menos una letra y un dígito.'],
  ] as const) {
    it(`shows the password rule before the first try and holds a weak password back (${language})`, async () => {
      const page = await openPage({ language });
      await page.goto(`${suite.stack.appUrl}#/register`);
      await expect.poll(() => page.getByTestId('password-rules').textContent()).toBe(rule);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
      });
      await page.locator('#username').fill(`weak${Date.now().toString(36).slice(-5)}`);
      await page.locator('#name').fill('Weak Password');
      await page.locator('#email').fill('weak@backoffice.example');
      await page.locator('#password').fill('letters-only');
      await page.locator('#confirmPassword').fill('letters-only');
      await page.getByTestId('register-submit').click();
      await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
      expect(sent).toEqual([]);
      await page.context().close();
    });
  }

  it('names audit actions in the reader’s language and keeps dates in order right to left', async () => {
    // A reset code sent to the analyst is a fresh audit record.
    const admin = await openPage();
    await logInAs(admin, suite.stack.appUrl, 'admin');
    await usersRow(admin, 'analyst');
    await admin.getByTestId('user-reset-analyst').click();
    await waitForNotice(admin, 'A password reset code has been sent to the user.', { type: 'success' });
    await admin.context().close();

    for (const [look, label] of [
      [{ language: 'en', direction: 'rtl' }, 'Password reset sent'],
      [{ language: 'es', themeMode: 'dark' }, 'Envío de código de contraseña'],
    ] as const) {
      const page = await openPage(look);
      await logInAs(page, suite.stack.appUrl, 'admin');
      await page.goto(`${suite.stack.appUrl}#/admin/audit/audit-log`);
      const action = page.locator('[data-action="reset-password"]').first();
      await action.waitFor({ timeout: 15_000 });
      // en-RTL wraps each English text in a left-to-right isolate (U+2066 … U+2069).
      expect((await action.textContent())?.replace(/[\u2066-\u2069]/g, '')).toBe(label);
      const when = page.locator('[data-testid="generic-list"][data-resource="audit-log"] tbody tr.ant-table-row [data-datetime]').first();
      const text = (await when.getAttribute('data-datetime')) ?? '';
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const [date, time] = text.split(' ') as [string, string];
      // Read left to right whatever the page's direction: the date first, then the time.
      const [dateLeft, timeLeft] = await leftEdges(page, '[data-testid="generic-list"][data-resource="audit-log"] tbody tr.ant-table-row [data-datetime]', date, time);
      expect(dateLeft).toBeLessThan(timeLeft);
      await keepScreenshot(page, `audit-log-${look.language}-${'direction' in look ? look.direction : 'ltr'}${'themeMode' in look ? `-${look.themeMode}` : ''}`);
      await page.context().close();
    }
  });

  it('names the page in the tab title, in each language', async () => {
    const page = await openPage();
    await logInAs(page, suite.stack.appUrl, 'admin');
    await expect.poll(() => page.title()).toBe('Dashboard · Backoffice');
    await page.goto(`${suite.stack.appUrl}#/admin/user/users`);
    await expect.poll(() => page.title()).toBe('Users · Backoffice');
    await page.goto(`${suite.stack.appUrl}#/admin/user/users/create`);
    await expect.poll(() => page.title()).toBe('New user · Backoffice');
    await page.getByTestId('language-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Español' }).click();
    await expect.poll(() => page.title()).toBe('Crear usuario · Backoffice');
    await page.goto(`${suite.stack.appUrl}#/change-password`);
    await expect.poll(() => page.title()).toBe('Cambiar la contraseña · Backoffice');
    await page.context().close();
  });

  it('a toast in the shell leaves Sign out free to click (ltr and rtl)', async () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const page = await openPage({ direction });
      await logInAs(page, suite.stack.appUrl, 'analyst');
      await page.goto(`${suite.stack.appUrl}#/change-password`);
      await page.locator('#oldPassword').fill('Wrong-pass-2026');
      await page.locator('#password').fill('Another-2026');
      await page.locator('#confirmPassword').fill('Another-2026');
      await page.getByTestId('change-password-submit').click();
      const toast = page.locator('.Toastify__toast--error');
      await toast.waitFor({ timeout: 15_000 });
      // Hovered, it stays while it is measured, however slow the machine.
      await toast.hover();
      const [toastBox, logoutBox] = [await toast.boundingBox(), await page.getByTestId('logout').boundingBox()];
      if (!toastBox || !logoutBox) throw new Error('no boxes');
      const overlap =
        toastBox.x < logoutBox.x + logoutBox.width &&
        logoutBox.x < toastBox.x + toastBox.width &&
        toastBox.y < logoutBox.y + logoutBox.height &&
        logoutBox.y < toastBox.y + toastBox.height;
      expect(overlap).toBe(false);
      await keepScreenshot(page, `toast-clear-of-header-${direction}`);
      // The rule's sentence reads as written in both directions: its final stop ends it on the right.
      const rule = 'At least 8 characters, with at least one letter and one digit.';
      const [start, stop] = await leftEdges(page, '[data-testid="password-rules"]', 'At least', 'digit.');
      expect(start).toBeLessThan(stop);
      expect((await page.getByTestId('password-rules').textContent())?.replace(/[\u2066-\u2069]/g, '')).toBe(rule);
      // Clicking where Sign out is reaches it, toast or not.
      await page.getByTestId('logout').click({ trial: true, timeout: 2_000 });
      await page.context().close();
    }
  });

  it('asks an Admin who disables their own account to confirm, saying it signs them out', async () => {
    const page = await openPage();
    await logInAs(page, suite.stack.appUrl, 'admin');
    const own = await usersRow(page, 'admin');
    await own.locator('[data-testid^="transition-disable-"]').click();
    const confirm = page.locator('.ant-modal:visible');
    await expect.poll(() => confirm.getByTestId('transition-confirm').textContent()).toContain('Disable your own account? You are signed out at once');
    await keepScreenshot(page, 'disable-self-confirm');
    await confirm.locator('button', { hasText: 'Cancel' }).click();
    await expect.poll(() => own.locator('[data-status]').textContent()).toBe('Active');
    // Another user's row asks the usual question.
    const other = await usersRow(page, 'analyst');
    await other.locator('[data-testid^="transition-disable-"]').click();
    await expect.poll(() => page.locator('.ant-modal:visible [data-testid="transition-confirm"]').textContent()).toContain('Disable analyst?');
    await page.context().close();
  });
});
