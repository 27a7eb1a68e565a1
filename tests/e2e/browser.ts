import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
// Flags as this workplace needs them, shared with the report renderer.
import { CHROMIUM_ARGS } from '../../server/src/modules/finview/render/report-pdf';

export const ARTIFACTS_DIR = join(process.cwd(), 'test-results', 'e2e');

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  const slowdown = Number(process.env.E2E_CPU_THROTTLE ?? '1');
  if (slowdown > 1) slowDown(browser, slowdown);
  return browser;
}

/**
 * E2E_CPU_THROTTLE=6 runs every page on a CPU six times slower (Chrome's own throttling), to
 * check that the suites wait for conditions rather than for a fast machine.
 */
function slowDown(browser: Browser, rate: number): void {
  const throttle = async (page: Page) => {
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate });
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', (page) => void throttle(page));
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    await throttle(page);
    return page;
  };
}

/** Keeps a screenshot as a test artifact (test-results/e2e/<name>.png). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

export async function sessionStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index);
      if (key !== null) entries[key] = sessionStorage.getItem(key) ?? '';
    }
    return entries;
  });
}

/** The password every e2e stack gives its accounts (ADMIN_PASSWORD and DEMO_PASSWORD). */
export const E2E_PASSWORD = 'Demo-pass-2026';

/** Logs in through the real form and waits for the shell to show who is in. */
/**
 * Until the app has rendered its first screen. Before that, index.html's drawing of the login
 * page (src/prerender) has the same fields and buttons, with nothing running behind them.
 */
export async function appRendered(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root > .boot, #root > .prerender'), undefined, { timeout });
}

export async function logInAs(page: Page, appUrl: string, username: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto(`${appUrl}#/login`);
  await appRendered(page);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  // waitFor rather than expect.poll: this also runs in beforeAll hooks, outside any test.
  await page.getByTestId('current-user').filter({ hasText: username }).waitFor({ timeout: 20_000 });
}

/**
 * The notices the page has shown, oldest first, as "title description". Read from the app's
 * hidden notice log rather than the toasts: a toast closes after 5 s, and on a busy machine
 * it can be gone before the test looks; the log keeps what was said.
 */
export async function noticesOf(page: Page, type?: 'info' | 'success' | 'warning' | 'error'): Promise<string[]> {
  const items = page.locator(`[data-testid="notice-log"] li${type ? `[data-type="${type}"]` : ''}`);
  return items.allTextContents();
}

/** Waits until a notice containing `text` (of `type`, when given) has been shown. */
export async function waitForNotice(
  page: Page,
  text: string,
  { type, timeout = 20_000 }: { type?: 'info' | 'success' | 'warning' | 'error'; timeout?: number } = {},
): Promise<void> {
  await page
    .locator(`[data-testid="notice-log"] li${type ? `[data-type="${type}"]` : ''}`, { hasText: text })
    .first()
    .waitFor({ state: 'attached', timeout });
}
