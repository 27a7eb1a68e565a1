import type { Page } from 'playwright-core';
import { axeFindings } from './axe';
import { keepScreenshot } from './browser';

// A set of pages seen in every look the app offers — English, Spanish, English right to
// left and dark — with axe-core's serious and critical findings for each and a screenshot
// kept (test-results/e2e/<prefix>-<view>-<look>.png).

export const LOOKS: Record<string, Record<string, string>> = {
  en: { language: 'en', direction: 'ltr', themeMode: 'light' },
  es: { language: 'es', direction: 'ltr', themeMode: 'light' },
  rtl: { language: 'en', direction: 'rtl', themeMode: 'light' },
  dark: { language: 'en', direction: 'ltr', themeMode: 'dark' },
};

export interface LookView {
  name: string;
  /** The hash route. */
  path: string;
  /** What is on the page once it has its data. */
  ready: string;
  /** More waiting, where `ready` shows before the data (a form filled after it renders). */
  settle?(page: Page): Promise<void>;
}

/** `findings["<view> <look>"]`: what axe found, for each view in each look. */
export async function auditInEveryLook(page: Page, appUrl: string, views: readonly LookView[], prefix: string): Promise<Record<string, string[]>> {
  const findings: Record<string, string[]> = {};
  for (const [look, storage] of Object.entries(LOOKS)) {
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    for (const view of views) {
      await page.goto(`${appUrl}#${view.path}`);
      // The look is read when the app starts.
      await page.reload();
      await page.locator(view.ready).first().waitFor({ timeout: 20_000 });
      await view.settle?.(page);
      findings[`${view.name} ${look}`] = await axeFindings(page);
      await keepScreenshot(page, `${prefix}-${view.name}-${look}`);
    }
  }
  return findings;
}
