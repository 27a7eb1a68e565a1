import type { TFunction } from 'i18next';

/**
 * "<page> · Backoffice": the tab names the page open in it, in the reader's language.
 * Apart from the Refine title handler (page-title.tsx) so the public pages use it without Refine.
 */
export function titleOf(t: TFunction, page: string | undefined): string {
  const app = t('app.title');
  return page ? t('titles.page', { page, app }) : app;
}
