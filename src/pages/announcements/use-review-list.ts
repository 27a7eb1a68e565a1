import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type AnnouncementAnswer, type AnnouncementDetail } from '../../../common/domains/announcements/model';
import { errorText } from '../../components/error-text';
import { useAnnouncementsApi } from './announcements-api';
import { belongsToTab, listQuery, type ReviewState } from './review-state';

// The rows on show: the first page of the state's list, then "Load more" appends the next by
// its cursor. A live change re-reads the rows on show in one request (the first page, as long
// as what is shown, up to the largest page) and tells which ids are new.

export const PAGE_SIZE = 50;

export interface ListState {
  rows: AnnouncementAnswer[];
  nextCursor: string | null;
  total: number | null;
  capped: boolean;
  loading: boolean;
  error: string | null;
}

const EMPTY: ListState = { rows: [], nextCursor: null, total: null, capped: false, loading: true, error: null };

/** Rows after a decision: replaced in place, or dropped when the row left the tab. */
export function withDecided(rows: readonly AnnouncementAnswer[], answer: AnnouncementAnswer, tab: ReviewState['tab']): AnnouncementAnswer[] {
  if (!belongsToTab(tab, answer.status)) return rows.filter((row) => row.id !== answer.id);
  return rows.map((row) => (row.id === answer.id ? { ...row, ...stripDetail(answer) } : row));
}

function stripDetail(answer: AnnouncementAnswer | AnnouncementDetail): AnnouncementAnswer {
  const { members: _members, ...row } = answer as AnnouncementDetail;
  return row;
}

export function useReviewList(state: ReviewState) {
  const { t } = useTranslation();
  const api = useAnnouncementsApi();
  const [list, setList] = useState<ListState>(EMPTY);
  const rowsRef = useRef<AnnouncementAnswer[]>([]);
  rowsRef.current = list.rows;
  const abortRef = useRef<AbortController | null>(null);
  const key = JSON.stringify(state);

  const fetchPage = useCallback(
    async (cursor: string | null, pageSize: number, replace: boolean) => {
      // A newer request makes an older one's answer stale (filters changed, a live reload).
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      setList((current) => ({ ...current, loading: true, error: null }));
      try {
        const page = await api.list(listQuery(state, pageSize, cursor));
        if (controller.signal.aborted) return null;
        setList((current) => ({
          rows: replace ? page.rows : [...current.rows, ...page.rows.filter((row) => !current.rows.some((shown) => shown.id === row.id))],
          nextCursor: page.nextCursor,
          total: page.total,
          capped: page.capped,
          loading: false,
          error: null,
        }));
        return page.rows;
      } catch (error) {
        if (controller.signal.aborted) return null;
        setList((current) => ({ ...current, loading: false, error: errorText(error, t) }));
        return null;
      }
    },
    // The state is read through its key: a new object with the same filters is no new list.
    [api, key, t],
  );

  useEffect(() => {
    setList(EMPTY);
    void fetchPage(null, PAGE_SIZE, true);
    return () => abortRef.current?.abort();
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (list.nextCursor) void fetchPage(list.nextCursor, PAGE_SIZE, false);
  }, [fetchPage, list.nextCursor]);

  /** Re-reads what is on show; answers the ids that were not shown before. */
  const reload = useCallback(async (): Promise<number[]> => {
    const before = new Set(rowsRef.current.map((row) => row.id));
    const size = Math.min(MAX_PAGE_SIZE, Math.max(PAGE_SIZE, rowsRef.current.length));
    const rows = await fetchPage(null, size, true);
    return rows ? rows.filter((row) => !before.has(row.id)).map((row) => row.id) : [];
  }, [fetchPage]);

  const patch = useCallback((change: (rows: AnnouncementAnswer[]) => AnnouncementAnswer[]) => {
    setList((current) => ({ ...current, rows: change(current.rows) }));
  }, []);

  return { list, loadMore, reload, patch };
}
