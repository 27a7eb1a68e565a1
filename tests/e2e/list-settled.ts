import type { Page } from 'playwright-core';

/** The list has read what its URL asks: no read under way (twice, a moment apart: a new one may be about to start). */
export async function listSettled(page: Page): Promise<void> {
  const idle = page.locator('[data-testid="generic-list"][data-loading="false"]');
  for (const _ of [1, 2]) {
    await idle.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(150);
  }
}
