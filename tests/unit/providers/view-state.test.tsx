// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  clearViewState,
  isString,
  readViewState,
  useRestoredList,
  useStoredState,
  VIEW_STATE_KEYS,
  writeViewState,
} from '../../../src/providers/view-state';

// SPEC.md section 3's storage keys for what a user leaves on a screen, in sessionStorage.

const router =
  (entry: string) =>
  ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>;

describe('view state', () => {
  it("uses exactly the spec's keys", () => {
    expect(Object.values(VIEW_STATE_KEYS).sort()).toEqual(['companyListData', 'details', 'newsList', 'searchText', 'user_details']);
  });

  it('keeps JSON in sessionStorage, checks it on the way back and forgets empty values', () => {
    writeViewState(VIEW_STATE_KEYS.searchText, 'Acme');
    expect(window.sessionStorage.getItem('searchText')).toBe('"Acme"');
    expect(readViewState(VIEW_STATE_KEYS.searchText, isString)).toBe('Acme');
    window.sessionStorage.setItem('searchText', '{"not":"a string"}');
    expect(readViewState(VIEW_STATE_KEYS.searchText, isString)).toBeNull();
    window.sessionStorage.setItem('searchText', '{broken');
    expect(readViewState(VIEW_STATE_KEYS.searchText, isString)).toBeNull();
    writeViewState(VIEW_STATE_KEYS.searchText, '');
    expect(window.sessionStorage.getItem('searchText')).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('clears every key and nothing else', () => {
    for (const key of Object.values(VIEW_STATE_KEYS)) writeViewState(key, 'x');
    window.sessionStorage.setItem('current_user', '{}');
    clearViewState();
    expect(Object.keys(window.sessionStorage)).toEqual(['current_user']);
  });

  it('useStoredState starts from what was kept and keeps each change', () => {
    writeViewState(VIEW_STATE_KEYS.searchText, 'Acme');
    const { result } = renderHook(() => useStoredState(VIEW_STATE_KEYS.searchText, '', isString));
    expect(result.current[0]).toBe('Acme');
    act(() => result.current[1]('Bolt'));
    expect(result.current[0]).toBe('Bolt');
    expect(readViewState(VIEW_STATE_KEYS.searchText, isString)).toBe('Bolt');
  });

  it('useRestoredList brings back the query left and offers its rows meanwhile', async () => {
    writeViewState(VIEW_STATE_KEYS.newsList, { search: 'newsStatus=APPROVED&page=2', data: [{ id: 1 }], total: 41 });
    const { result } = renderHook(
      () => ({ restored: useRestoredList<{ id: number }>(VIEW_STATE_KEYS.newsList, undefined), search: useSearchParams()[0].toString() }),
      { wrapper: router('/news') },
    );
    await waitFor(() => expect(result.current.search).toBe('newsStatus=APPROVED&page=2'));
    expect(result.current.restored).toEqual({ restoring: false, placeholder: { data: [{ id: 1 }], total: 41 } });
  });

  it('useRestoredList keeps each page received, with its query', () => {
    const page = { data: [{ id: 7 }], total: 1 };
    const { rerender } = renderHook(({ loaded }) => useRestoredList(VIEW_STATE_KEYS.companyListData, loaded), {
      wrapper: router('/companies?q=acme'),
      initialProps: { loaded: undefined as typeof page | undefined },
    });
    expect(window.sessionStorage.getItem('companyListData')).toBeNull();
    rerender({ loaded: page });
    expect(JSON.parse(window.sessionStorage.getItem('companyListData') ?? 'null')).toEqual({ search: 'q=acme', ...page });
  });

  it('a URL with its own query wins over the kept one', () => {
    writeViewState(VIEW_STATE_KEYS.newsList, { search: 'page=3', data: [], total: 0 });
    const { result } = renderHook(
      () => ({ restored: useRestoredList(VIEW_STATE_KEYS.newsList, undefined), search: useSearchParams()[0].toString() }),
      { wrapper: router('/news?page=5') },
    );
    expect(result.current.search).toBe('page=5');
    expect(result.current.restored).toEqual({ restoring: false, placeholder: undefined });
  });
});

describe('useRestoredList after arrival', () => {
  it('leaves a list the user cleared bare', async () => {
    writeViewState(VIEW_STATE_KEYS.newsList, { search: 'newsStatus=APPROVED', data: [], total: 0 });
    const { result } = renderHook(
      () => {
        const [search, setSearch] = useSearchParams();
        return { restored: useRestoredList(VIEW_STATE_KEYS.newsList, undefined), search: search.toString(), setSearch };
      },
      { wrapper: router('/news') },
    );
    await waitFor(() => expect(result.current.search).toBe('newsStatus=APPROVED'));
    act(() => result.current.setSearch(new URLSearchParams()));
    expect(result.current.search).toBe('');
    expect(result.current.restored.restoring).toBe(false);
  });
});
