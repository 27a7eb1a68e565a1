import { useParsed, type CrudFilter, type CrudSort } from '@refinedev/core';
import { useEffect } from 'react';

interface TableState {
  filters: CrudFilter[];
  sorters: CrudSort[];
  currentPage: number;
  pageSize: number;
  setFilters: (filters: CrudFilter[], behavior?: 'merge' | 'replace') => void;
  setSorters: (sorters: CrudSort[]) => void;
  setCurrentPage: (page: number) => void;
  setPageSize: (size: number) => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
/** Filters without a value say nothing: the URL leaves them out. */
const withValues = (filters: CrudFilter[] | undefined) =>
  (filters ?? []).filter((filter) => !('value' in filter) || (filter.value !== undefined && filter.value !== '' && filter.value !== null));

/**
 * Refine's useTable reads the URL once, when the list mounts, and then only writes it.
 * Back, forward or a link to the same list with other filters changes the URL under a
 * mounted table: this takes the URL's page, order and filters into the table then.
 * The table's own writes find the URL already equal to its state and change nothing.
 */
export function useFollowLocation(table: TableState): void {
  const { params } = useParsed();
  // Refine writes no `filters` or `sorters` for none (qs drops an empty array), so a URL
  // without them says "none": Back to an unsearched page must drop the search in force, and
  // a URL without a page is the first page.
  const urlFilters = params?.filters ?? [];
  const urlSorters = params?.sorters ?? [];
  const urlPage = params?.currentPage === undefined ? 1 : Number(params.currentPage);
  const urlSize = params?.pageSize === undefined ? undefined : Number(params.pageSize);
  useEffect(() => {
    if (!same(withValues(urlFilters), withValues(table.filters))) table.setFilters(urlFilters, 'replace');
    if (!same(urlSorters, table.sorters)) table.setSorters(urlSorters);
    if (Number.isInteger(urlPage) && urlPage !== table.currentPage) table.setCurrentPage(urlPage);
    if (urlSize !== undefined && Number.isInteger(urlSize) && urlSize !== table.pageSize) table.setPageSize(urlSize);
    // Only a change of the URL is followed; the table's own changes reach the URL through Refine.
  }, [JSON.stringify(urlFilters), JSON.stringify(urlSorters), urlPage, urlSize]);
}

/**
 * A page past the last one (page 5 of a search the address bar narrowed to one page, the
 * last row of the last page deleted) shows the last page that has rows instead of "no data"
 * beside a total. Refine writes the page into the URL with `replace`, so Back skips the
 * empty page.
 */
export function useLastPageClamp(
  answer: { data: readonly unknown[]; total: number } | undefined,
  table: Pick<TableState, 'currentPage' | 'pageSize' | 'setCurrentPage'>,
): void {
  const { currentPage, pageSize, setCurrentPage } = table;
  useEffect(() => {
    if (!answer || answer.data.length > 0 || answer.total === 0) return;
    const last = Math.max(1, Math.ceil(answer.total / pageSize));
    if (currentPage > last) setCurrentPage(last);
  }, [answer, currentPage, pageSize, setCurrentPage]);
}
