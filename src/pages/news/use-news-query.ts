import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { newsQueryToSearch, parseNewsQuery, type NewsQuery } from './news-query';

/**
 * The list state, read from and written to the URL. Each change pushes a
 * history entry, so back undoes it and a reload restores it.
 */
export function useNewsQuery(defaultPageSize: number): [NewsQuery, (next: NewsQuery) => void] {
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => parseNewsQuery(search, defaultPageSize), [search, defaultPageSize]);
  const setQuery = useCallback(
    (next: NewsQuery) => setSearch(newsQueryToSearch(next, defaultPageSize)),
    [setSearch, defaultPageSize],
  );
  return [query, setQuery];
}
