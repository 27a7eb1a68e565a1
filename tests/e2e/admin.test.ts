import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_PASSWORD, keepScreenshot, logInAs, waitForNotice } from './browser';
import { browserSuite } from './suite';

// The admin module in Chromium against the real server: users of a bank, approval
// of a self-registration, the 403 view, and the generic enterprise form.

const PASSWORD = E2E_PASSWORD;

const suite = browserSuite();

async function logIn(username: string, password = PASSWORD): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await logInAs(page, suite.stack.appUrl, username, password);
  return page;
}

async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** antd puts the test id on the input itself or on its wrapper, depending on addons. */
async function search(page: Page, text: string): Promise<void> {
  const input = page.locator('input[data-testid="generic-search"], [data-testid="generic-search"] input').first();
  await input.fill(text);
  await input.press('Enter');
}

/** A user's row of the generic users list: its username cell reads exactly the username. */
const userRow = (page: Page, username: string) =>
  page.locator('[data-testid="generic-table"] tr.ant-table-row').filter({ has: page.locator('td', { hasText: new RegExp(`^${username}$`) }) });

const suffix = Date.now().toString(36).slice(-5);

describe('admin in Chromium', () => {
  it('an Admin adds a user of a bank (the domain field hidden), who can then log in', async () => {
    const page = await logIn('admin');
    await page.goto(`${suite.stack.appUrl}#/admin/user/users`);
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-form').waitFor();
    // SPEC.md section 5: a submit with required fields empty says so above the form.
    await page.getByTestId('user-submit').click();
    await expect.poll(() => page.getByTestId('form-fill-all').textContent()).toBe('Fill all * fields');
    // Not a bank yet: the domain is editable and starts at the configured default.
    await expect.poll(() => page.locator('#emailDomain').inputValue()).toBe('backoffice.example');

    const username = `bank${suffix}`;
    await page.locator('#username').fill(username);
    await page.locator('#name').fill('Bank Teller');
    await choose(page, 'user-enterprise', 'Demo Bank');
    await expect.poll(() => page.locator('#emailDomain').count()).toBe(0);
    expect(await page.getByTestId('user-email-fixed-domain').inputValue()).toBe('@bank.example');
    await page.locator('#emailLocal').fill('teller');
    await page.locator('#password').fill('Teller-2026');
    await keepScreenshot(page, 'admin-add-bank-user');
    await page.getByTestId('user-submit').click();

    await waitForNotice(page, 'User has been added successfully.', { type: 'success' });
    await page.waitForURL(/#\/admin\/user\/users(\?|$)/);
    await search(page, username);
    const row = page.locator('tr', { hasText: username });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('teller@bank.example');
    expect(await row.textContent()).toContain('Demo Bank');
    await page.context().close();

    const teller = await logIn(username, 'Teller-2026');
    await teller.context().close();
  });

  it('an Admin approves a self-registration, and the new user logs in', async () => {
    const username = `reg${suffix}`;
    const visitor = await suite.browser.newPage();
    await visitor.goto(`${suite.stack.appUrl}#/register`);
    const registered = await visitor.evaluate(
      async ([name]) => {
        const response = await fetch('./api/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'Register-2026', name: 'New Person' }),
        });
        return response.status;
      },
      [username],
    );
    expect(registered).toBe(201);
    await visitor.close();

    const page = await logIn('admin');
    await page.goto(`${suite.stack.appUrl}#/admin/user/users`);
    await search(page, username);
    const row = userRow(page, username);
    await expect.poll(() => row.locator('[data-status]').textContent(), { timeout: 15_000 }).toBe('Pending');
    await row.locator('[data-testid^="transition-approve-"]').click();
    await expect.poll(() => row.locator('[data-status]').textContent(), { timeout: 15_000 }).toBe('Active');
    await keepScreenshot(page, 'admin-approved');
    await page.context().close();

    const newcomer = await logIn(username, 'Register-2026');
    await newcomer.context().close();
  });

  it('an analyst typing the admin URLs gets the 403 view', async () => {
    const page = await logIn('analyst');
    for (const path of ['#/admin/user/users', '#/admin/enterprise/enterprises', '#/admin/audit/audit-log']) {
      await page.goto(`${suite.stack.appUrl}${path}`);
      await expect.poll(() => page.getByTestId('forbidden').count(), { timeout: 15_000 }).toBe(1);
    }
    await page.context().close();
  });

  it('the Super Admin edits an enterprise in the generic form, and the audit log shows it', async () => {
    const page = await logIn('superadmin');
    await page.goto(`${suite.stack.appUrl}#/admin/enterprise/enterprises`);
    const row = page.locator('tr', { hasText: 'Demo Enterprise' });
    await row.locator('[data-testid^="generic-edit-"]').click();
    await page.getByTestId('generic-form').waitFor();
    await expect.poll(() => page.locator('#name').inputValue(), { timeout: 15_000 }).toBe('Demo Enterprise');
    const renamed = `Demo Enterprise ${suffix}`;
    await page.locator('#name').fill(renamed);
    await page.getByTestId('generic-save').click();
    await page.waitForURL(/#\/admin\/enterprise\/enterprises$/, { timeout: 15_000 });
    await expect.poll(() => page.locator('tr', { hasText: renamed }).count(), { timeout: 15_000 }).toBe(1);
    await keepScreenshot(page, 'admin-enterprise-edited');

    await page.goto(`${suite.stack.appUrl}#/admin/audit/audit-log`);
    // The Entity column's filter panel (not Entity id's).
    await page.locator('th', { has: page.getByText('Entity', { exact: true }) }).getByRole('button').click();
    await page.locator('#filter-entity').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Enterprise$/ }).click();
    await page.locator('[data-testid="generic-filter-entity"] [data-testid="generic-filter-apply"]').click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('[field]=entity');
    const update = page.locator('tr', { hasText: 'update' }).first();
    await expect.poll(() => update.textContent(), { timeout: 15_000 }).toContain('superadmin');
    await update.locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => page.getByText(renamed).count()).toBeGreaterThan(0);
    await keepScreenshot(page, 'admin-audit-log');
    await page.context().close();
  });
});
