import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRendered, E2E_PASSWORD, keepScreenshot, waitForNotice } from './browser';
import { browserSuite } from './suite';

// README "Sign-in protection" through the real login page: wrong passwords lock the
// account, the code mailed to its owner (read from the outbox) unlocks it.

const suite = browserSuite();

/** The unlock code mailed to `email`, once the mail is in the outbox. */
async function unlockCode(email: string): Promise<string> {
  const outbox = join(suite.stack.dataDir, 'outbox');
  for (;;) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const mail = JSON.parse(await readFile(join(outbox, file), 'utf8')) as { to: string; subject: string; text: string };
      const code = mail.to === email && mail.subject.includes('unlock') ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
    }
    // The mail leaves after the answer; vitest's test timeout bounds the wait.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Submits the login form and waits for the server's answer. */
async function submit(page: Page, testId: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/api/login') && answer.request().method() === 'POST'),
    page.getByTestId(testId).click(),
  ]);
  return response.status();
}

describe('sign-in protection in Chromium', () => {
  it('locks an account after wrong passwords, then unlocks it with the mailed code and signs in', { timeout: 120_000 }, async () => {
    const [user] = await suite.stack.sql<{ email: string }>(`SELECT email FROM users WHERE username = 'analyst'`);
    const email = user?.email ?? '';
    const { context, page } = await suite.open();
    await page.goto(`${suite.stack.appUrl}#/login`);
    await appRendered(page);
    await page.locator('#username').fill('analyst');

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      // The growing delays are the server's to test; here they are skipped by ageing the failures.
      await suite.stack.sql(`UPDATE login_failures SET failed_at = failed_at - interval '2 minutes' WHERE username_key = 'analyst'`);
      await page.locator('#password').fill('Wrong-pass-1');
      statuses.push(await submit(page, 'login-submit'));
    }
    // Ten refusals, then the lock: the page asks for the code with the password.
    expect(statuses).toEqual([...Array(10).fill(401), 423]);
    await page.getByTestId('login-locked').waitFor();
    // From the notice log: the toast may have closed by the time a slow machine looks.
    await waitForNotice(page, 'We mailed a code', { type: 'error' });
    await keepScreenshot(page, 'sign-in-locked');

    await page.locator('#unlock-password').fill(E2E_PASSWORD);
    await page.locator('#otp').fill(await unlockCode(email));
    expect(await submit(page, 'unlock-submit')).toBe(200);
    await page.getByTestId('current-user').filter({ hasText: 'analyst' }).waitFor({ timeout: 20_000 });
    expect(await suite.stack.sql(`SELECT 1 FROM login_failures WHERE username_key = 'analyst'`)).toEqual([]);
    await context.close();
  });
});
