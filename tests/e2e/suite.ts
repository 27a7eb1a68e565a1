import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { E2E_PASSWORD, launchBrowser } from './browser';
import { startStack, type Stack, type StackOptions } from './stack';

export interface BrowserSuite {
  readonly stack: Stack;
  readonly browser: Browser;
  /** A fresh context and page, `width` px wide. */
  open(width?: number): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * The real server on loopback and one Chromium for a whole test file: started before its
 * tests, closed after them. The admin and demo accounts use E2E_PASSWORD. `env` may be a
 * function, for values that need the file's own set-up first (it runs in beforeAll).
 */
export function browserSuite(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: StackOptions = {},
): BrowserSuite {
  let stack: Stack | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const extra = typeof env === 'function' ? env() : env;
    stack = await startStack({ ADMIN_PASSWORD: E2E_PASSWORD, DEMO_PASSWORD: E2E_PASSWORD, ...extra }, options);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser suite starts in beforeAll');
    return value;
  };
  return {
    get stack() {
      return started(stack);
    },
    get browser() {
      return started(browser);
    },
    async open(width = 1600) {
      const context = await started(browser).newContext({ viewport: { width, height: 900 } });
      return { context, page: await context.newPage() };
    },
  };
}
