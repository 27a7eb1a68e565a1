import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { isoOf } from '../../lib/paging.js';
import { LOCK_SECONDS, type AnnouncementLock } from '../../../../common/domains/announcements/model.js';

// Soft locks (docs/announcements.md "Soft locks"): who has an announcement open. An expired lock
// counts as none everywhere, so a closed tab never blocks anyone for longer than LOCK_SECONDS.

interface LockRow {
  userId: number;
  username: string;
  expiresAt: unknown;
}

const lockAnswer = (row: LockRow): AnnouncementLock => ({ user: { id: row.userId, username: row.username }, expiresAt: isoOf(row.expiresAt) });

async function liveLock(tx: Queryable, id: number): Promise<LockRow | null> {
  const { rows } = await tx.query<LockRow>(
    `SELECT user_id::int AS "userId", username, expires_at AS "expiresAt" FROM announcement_locks WHERE announcement_id = $1 AND expires_at > now()`,
    [id],
  );
  return rows[0] ?? null;
}

const lockedBy = (username: string) => new HttpError(409, 'announcementLocked', undefined, { params: { user: username } });

/** Every write's guard: another user's unexpired lock refuses it (409 announcementLocked, params.user). */
export async function assertNotLockedByOther(tx: Queryable, id: number, actor: AuditActor): Promise<void> {
  const lock = await liveLock(tx, id);
  if (lock && String(lock.userId) !== actor.id) throw lockedBy(lock.username);
}

/**
 * Takes the lock, or renews one's own, for LOCK_SECONDS. Another user's live lock refuses unless
 * `force` (a take-over, audited). The caller holds the announcement's row lock, so two takers
 * queue behind each other instead of both winning.
 */
export async function takeLock(tx: Queryable, id: number, actor: AuditActor, force: boolean): Promise<AnnouncementLock> {
  const held = await liveLock(tx, id);
  const other = held && String(held.userId) !== actor.id ? held : null;
  if (other && !force) throw lockedBy(other.username);
  const { rows } = await tx.query<LockRow>(
    `INSERT INTO announcement_locks (announcement_id, user_id, username, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     ON CONFLICT (announcement_id) DO UPDATE SET user_id = EXCLUDED.user_id, username = EXCLUDED.username, expires_at = EXCLUDED.expires_at
     RETURNING user_id::int AS "userId", username, expires_at AS "expiresAt"`,
    [id, actor.id, actor.username, LOCK_SECONDS],
  );
  const taken = lockAnswer(rows[0] as LockRow);
  if (other) {
    await recordAudit(tx, { actor, entity: 'announcement', entityId: String(id), action: 'lock-takeover', before: { lock: lockAnswer(other) }, after: { lock: taken } });
  }
  return taken;
}

/** Releases one's own lock; another user's stays. */
export async function releaseLock(tx: Queryable, id: number, actor: AuditActor): Promise<void> {
  await tx.query('DELETE FROM announcement_locks WHERE announcement_id = $1 AND user_id = $2', [id, actor.id]);
}
