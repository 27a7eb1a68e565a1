import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { titleOf } from '../../shell/document-title';

/**
 * The tab names the record once the page has it ("Company · Zenith Steel · Backoffice"): Refine's
 * title handler (src/shell/page-title.tsx) only knows the URL's id. Its effect runs after this
 * page's on the same navigation (a parent's effects follow its children's), so the title is set
 * a task later, and again when the language changes.
 */
export function useRecordTitle(page: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!page) return;
    const timer = setTimeout(() => {
      document.title = titleOf(t, page);
    }, 0);
    return () => clearTimeout(timer);
  }, [page, t]);
}
