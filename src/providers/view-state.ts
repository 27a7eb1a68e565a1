import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

// What a user left on a screen, kept for their return within the session
// (SPEC.md section 3's storage keys; README "Browser storage"). sessionStorage,
// like the session itself: it never outlives the tab, and createProviders clears
// it whenever the session ends (logout, 401), so the next user starts clean.

export const VIEW_STATE_KEYS = {
  /** The signed-in user's account as the server last described it (`GET /me`). */
  userDetails: 'user_details',
  /** The news item whose details are open on the news feeds, reopened on return. */
  details: 'details',
  /** The companies list: its query (filters, page, sort) and the rows last shown. */
  companyListData: 'companyListData',
  /** The text typed in the news feeds' company search. */
  searchText: 'searchText',
  /** The news list: its query (filters, page, sort) and the rows last shown. */
  newsList: 'newsList',
} as const;

export type ViewStateKey = (typeof VIEW_STATE_KEYS)[keyof typeof VIEW_STATE_KEYS];

/** A value read back from storage is checked before use: storage is the user's to edit. */
export type Check<T> = (value: unknown) => value is T;

function browserStorage(): Storage | undefined {
  // Some browsers throw on sessionStorage when storage is disabled; nothing is kept then.
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readViewState<T>(key: ViewStateKey, check: Check<T>, storage = browserStorage()): T | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return check(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeViewState(key: ViewStateKey, value: unknown, storage = browserStorage()): void {
  try {
    if (value === null || value === undefined || value === '') storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or refused storage: the screen still works, it just starts fresh next time.
  }
}

/** Called when the session ends (createProviders subscribes it): nothing of one user is left for the next. */
export function clearViewState(storage = browserStorage()): void {
  for (const key of Object.values(VIEW_STATE_KEYS)) storage?.removeItem(key);
}

export const isString: Check<string> = (value): value is string => typeof value === 'string';

/** useState kept under `key`: the value a user left is there when they come back. */
export function useStoredState<T>(key: ViewStateKey, initial: T, check: Check<T>): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readViewState(key, check) ?? initial);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeViewState(key, next);
    },
    [key],
  );
  return [value, set];
}

/** A list as kept: the query string of its URL and the page of rows it showed. */
export interface StoredList<TRow> {
  search: string;
  data: TRow[];
  total: number;
}

const isStoredList = (value: unknown): value is StoredList<unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const { search, data, total } = value as Record<string, unknown>;
  return typeof search === 'string' && Array.isArray(data) && typeof total === 'number' && Number.isFinite(total);
};

/**
 * For a list whose state lives in the URL's query string (filters, page, sort). Arriving
 * without a query (the menu, a link) brings back the query the user left; the rows last
 * shown for it are returned as a placeholder while the fresh page loads. Only the arrival
 * restores: a user who clears every filter on the list gets the bare list. Each page the
 * list receives is kept under `key`.
 */
export function useRestoredList<TRow>(
  /** Lists with no key of their own (SPEC.md section 3 names three) keep nothing. */
  key: ViewStateKey | undefined,
  loaded: { data: readonly TRow[]; total?: number } | undefined,
): { placeholder: { data: TRow[]; total: number } | undefined; restoring: boolean } {
  const [search, setSearch] = useSearchParams();
  const current = search.toString();
  const [kept] = useState(() => (key ? (readViewState(key, isStoredList) as StoredList<TRow> | null) : null));
  const [arrived, setArrived] = useState(false);
  const restoring = !arrived && current === '' && kept !== null && kept.search !== '';

  useEffect(() => {
    if (arrived) return;
    // replace: the bare URL was only a way in; back should not land on the empty list.
    if (restoring) setSearch(new URLSearchParams(kept.search), { replace: true });
    else setArrived(true);
  }, [arrived, restoring, kept, setSearch]);

  useEffect(() => {
    if (restoring || !loaded || !key) return;
    const list: StoredList<TRow> = { search: current, data: [...loaded.data], total: loaded.total ?? loaded.data.length };
    writeViewState(key, list);
  }, [key, restoring, loaded, current]);

  const placeholder = useMemo(
    () => (kept && (kept.search === current || restoring) ? { data: kept.data, total: kept.total } : undefined),
    [kept, current, restoring],
  );
  // While restoring, the list should not ask for the bare query it is about to leave.
  return { placeholder, restoring };
}
