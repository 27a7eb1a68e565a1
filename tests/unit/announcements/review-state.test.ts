import { describe, expect, it } from 'vitest';
import type { AnnouncementAnswer } from '../../../common/domains/announcements/model';
import { addToBatch, emptyBatch, parseAnnouncementsEvent } from '../../../src/pages/announcements/live-events';
import { belongsToTab, DEFAULT_STATE, listQuery, readReviewState, writeReviewState } from '../../../src/pages/announcements/review-state';
import { suggestedLead } from '../../../src/pages/announcements/review-list';
import { withDecided } from '../../../src/pages/announcements/use-review-list';

describe('the review page URL', () => {
  it('round-trips a state, leaving defaults out', () => {
    expect(writeReviewState(DEFAULT_STATE).toString()).toBe('');
    const state = { tab: 'published', source: 'NSE', categoryId: 4, unmatched: true, critical: true, q: 'dividend' } as const;
    const search = writeReviewState(state);
    expect(search.toString()).toBe('tab=published&source=NSE&category=4&unmatched=1&critical=1&q=dividend');
    expect(readReviewState(search)).toEqual(state);
  });

  it('reads anything unreadable as the default, never as an error', () => {
    const state = readReviewState(new URLSearchParams('tab=drop&source=LSE&category=1e21&unmatched=yes&critical=0&q=%20%20'));
    expect(state).toEqual(DEFAULT_STATE);
    expect(readReviewState(new URLSearchParams('category=0')).categoryId).toBeUndefined();
    expect(readReviewState(new URLSearchParams('category=99999999999')).categoryId).toBeUndefined();
    expect(readReviewState(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(200);
  });

  it('asks the server for the tab, the filters and the cursor', () => {
    expect(listQuery(DEFAULT_STATE, 50)).toEqual({ status: undefined, source: undefined, categoryId: undefined, unmatched: undefined, critical: undefined, q: undefined, pageSize: 50, cursor: undefined });
    expect(listQuery({ tab: 'all', source: 'BSE', unmatched: true, critical: false, q: ' acme ' }, 20, 'abc')).toMatchObject({ status: 'all', source: 'BSE', unmatched: true, critical: undefined, q: 'acme', pageSize: 20, cursor: 'abc' });
  });

  it('knows which rows a tab holds', () => {
    expect(belongsToTab('queue', 'ingested')).toBe(true);
    expect(belongsToTab('queue', 'needs_review')).toBe(true);
    expect(belongsToTab('queue', 'published')).toBe(false);
    expect(belongsToTab('suppressed', 'suppressed')).toBe(true);
    expect(belongsToTab('all', 'retracted')).toBe(true);
  });
});

const row = (id: number, extra: Partial<AnnouncementAnswer> = {}) => ({ id, status: 'needs_review', groupId: null, version: 1, subject: `s${id}`, ...extra }) as AnnouncementAnswer;

describe('rows after a decision', () => {
  it('drops a row that left the tab and replaces one that stays', () => {
    const rows = [row(1), row(2)];
    expect(withDecided(rows, row(1, { status: 'published' }), 'queue').map((r) => r.id)).toEqual([2]);
    const kept = withDecided(rows, row(1, { status: 'published', version: 2 }), 'all');
    expect(kept.map((r) => [r.id, r.status, r.version])).toEqual([[1, 'published', 2], [2, 'needs_review', 1]]);
  });

  it('suggests the lead of a grouped row still in the queue only', () => {
    expect(suggestedLead(row(3, { groupId: 1 }))).toBe(1);
    expect(suggestedLead(row(1, { groupId: 1 }))).toBeNull();
    expect(suggestedLead(row(3, { groupId: 1, status: 'suppressed' }))).toBeNull();
    expect(suggestedLead(row(3))).toBeNull();
  });
});

describe('live events', () => {
  it('reads what the stream sends and refuses the rest', () => {
    expect(parseAnnouncementsEvent('{"op":"insert","ids":[1,2,-3,"4"],"count":4}')).toEqual({ op: 'insert', ids: [1, 2], count: 4 });
    expect(parseAnnouncementsEvent('{"op":"lock","ids":[7],"count":1,"lockedBy":{"id":2,"username":"ana"},"expiresAt":"2026-11-23T10:00:00Z"}')).toEqual({
      op: 'lock',
      ids: [7],
      count: 1,
      lockedBy: { id: 2, username: 'ana' },
      expiresAt: '2026-11-23T10:00:00Z',
    });
    expect(parseAnnouncementsEvent('nope')).toBeNull();
    expect(parseAnnouncementsEvent('{"op":"drop","ids":[1]}')).toBeNull();
    expect(parseAnnouncementsEvent('{"op":"insert"}')).toBeNull();
  });

  it('gathers a burst into one batch', () => {
    let batch = emptyBatch();
    batch = addToBatch(batch, { op: 'insert', ids: [1, 2], count: 2 });
    batch = addToBatch(batch, { op: 'update', ids: [2], count: 1 });
    batch = addToBatch(batch, { op: 'lock', ids: [2], count: 1, lockedBy: null, expiresAt: null });
    expect(batch.inserted).toEqual([1, 2]);
    expect(batch.updated).toEqual([2]);
    expect(batch.locks.get(2)).toEqual({ lockedBy: null, expiresAt: null });
    expect(batch.resync).toBe(false);
    // An event naming nothing follows the server's lost LISTEN connection: re-read everything.
    expect(addToBatch(batch, { op: 'update', ids: [], count: 0 }).resync).toBe(true);
  });
});
