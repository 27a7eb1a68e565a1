import { ANNOUNCEMENT_SOURCES, type AnnouncementSource } from '../../../common/domains/announcements/model';
import type { ListQuery } from './announcements-api';

// What the review page shows, kept in the URL (a reload, a shared link, the back button give
// the same list): the tab and the filters. Pages of a keyset list are not: "Load more" appends
// the next one by the cursor the last answered, and any change of tab or filter starts over.

export const REVIEW_TABS = ['queue', 'published', 'suppressed', 'retracted', 'all'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

export interface ReviewState {
  tab: ReviewTab;
  source?: AnnouncementSource;
  categoryId?: number;
  unmatched: boolean;
  critical: boolean;
  q?: string;
}

export const DEFAULT_STATE: ReviewState = { tab: 'queue', unmatched: false, critical: false };

const MAX_Q = 200;
const MAX_ID = 2_147_483_647;

function positiveId(text: string | null): number | undefined {
  if (text === null || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= MAX_ID ? value : undefined;
}

/** The state a URL's search holds; anything unreadable is left at its default, never an error. */
export function readReviewState(params: URLSearchParams): ReviewState {
  const tab = params.get('tab');
  const source = params.get('source');
  const q = params.get('q')?.trim().slice(0, MAX_Q);
  return {
    tab: (REVIEW_TABS as readonly string[]).includes(tab ?? '') ? (tab as ReviewTab) : 'queue',
    ...((ANNOUNCEMENT_SOURCES as readonly string[]).includes(source ?? '') ? { source: source as AnnouncementSource } : {}),
    ...(positiveId(params.get('category')) !== undefined ? { categoryId: positiveId(params.get('category')) } : {}),
    unmatched: params.get('unmatched') === '1',
    critical: params.get('critical') === '1',
    ...(q ? { q } : {}),
  };
}

/** The URL search of a state, defaults left out (the plain page is `?`). */
export function writeReviewState(state: ReviewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'queue') params.set('tab', state.tab);
  if (state.source) params.set('source', state.source);
  if (state.categoryId !== undefined) params.set('category', String(state.categoryId));
  if (state.unmatched) params.set('unmatched', '1');
  if (state.critical) params.set('critical', '1');
  const q = state.q?.trim();
  if (q) params.set('q', q);
  return params;
}

/** `GET announcements`' query for a state and, after the first page, the cursor the last page gave. */
export function listQuery(state: ReviewState, pageSize: number, cursor?: string | null): ListQuery {
  return {
    status: state.tab === 'queue' ? undefined : state.tab,
    source: state.source,
    categoryId: state.categoryId,
    unmatched: state.unmatched ? true : undefined,
    critical: state.critical ? true : undefined,
    q: state.q?.trim() || undefined,
    pageSize,
    cursor: cursor || undefined,
  };
}

/** True when a row with this status belongs on the tab (a live update may move it off). */
export function belongsToTab(tab: ReviewTab, status: string): boolean {
  if (tab === 'all') return true;
  if (tab === 'queue') return status === 'ingested' || status === 'needs_review';
  return status === tab;
}
