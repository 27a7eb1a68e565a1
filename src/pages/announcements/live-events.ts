import type { AnnouncementsEvent, UserRef } from '../../../common/domains/announcements/model';

// The live stream's events (docs/announcements.md "Live"), read defensively: a stream is input.

const OPS = new Set(['insert', 'update', 'lock']);

function isUser(value: unknown): value is UserRef {
  return typeof value === 'object' && value !== null && typeof (value as UserRef).id === 'number' && typeof (value as UserRef).username === 'string';
}

export function parseAnnouncementsEvent(data: string): AnnouncementsEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { op, ids, count, lockedBy, expiresAt } = value as Record<string, unknown>;
  if (typeof op !== 'string' || !OPS.has(op) || !Array.isArray(ids)) return null;
  const goodIds = ids.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0);
  return {
    op: op as AnnouncementsEvent['op'],
    ids: goodIds,
    count: typeof count === 'number' ? count : goodIds.length,
    ...(op === 'lock' ? { lockedBy: isUser(lockedBy) ? lockedBy : null, expiresAt: typeof expiresAt === 'string' ? expiresAt : null } : {}),
  };
}

/** What a burst of events asks the page to do: re-read the list when rows changed, patch locks in place. */
export interface LiveBatch {
  inserted: number[];
  updated: number[];
  locks: Map<number, { lockedBy: UserRef | null; expiresAt: string | null }>;
  /** An event naming nothing: the server's listener came back and events may be lost; re-read all. */
  resync: boolean;
}

export function emptyBatch(): LiveBatch {
  return { inserted: [], updated: [], locks: new Map(), resync: false };
}

export function addToBatch(batch: LiveBatch, event: AnnouncementsEvent): LiveBatch {
  if (event.op === 'lock') {
    const locks = new Map(batch.locks);
    for (const id of event.ids) locks.set(id, { lockedBy: event.lockedBy ?? null, expiresAt: event.expiresAt ?? null });
    return { ...batch, locks };
  }
  if (event.ids.length === 0) return { ...batch, resync: true };
  const key = event.op === 'insert' ? 'inserted' : 'updated';
  return { ...batch, [key]: [...batch[key], ...event.ids] };
}
