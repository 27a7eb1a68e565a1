import type { Queryable } from '../../db/index.js';
import { recordAudits, type AuditActor } from '../../lib/audit.js';

// Duplicate groups (docs/announcements.md "Decisions"): a group's lead is the row whose group_id
// is its own id; members point at it. A group is published once: publishing one member makes it
// the lead and suppresses the members still in the queue. The other rows a decision moves are
// audited with what changed on them (status, reason, group), in the decision's transaction.

interface Moved {
  id: number;
  status: string;
  suppressReason: string | null;
  groupId: number | null;
  oldStatus: string;
  oldReason: string | null;
  oldGroup: number | null;
}

/** Updates the rows `where` picks (as `a`) with `set`, auditing each change as `action`. */
async function moveRows(tx: Queryable, actor: AuditActor, action: string, set: string, where: string, params: unknown[]): Promise<number[]> {
  const { rows } = await tx.query<Moved>(
    `WITH old AS (SELECT a.id, a.status, a.suppress_reason, a.group_id FROM announcements a WHERE ${where} FOR UPDATE)
     UPDATE announcements a SET ${set} FROM old WHERE a.id = old.id
     RETURNING a.id::int AS id, a.status, a.suppress_reason AS "suppressReason", a.group_id::int AS "groupId",
       old.status AS "oldStatus", old.suppress_reason AS "oldReason", old.group_id::int AS "oldGroup"`,
    params,
  );
  await recordAudits(
    tx,
    rows.map((row) => ({
      actor,
      entity: 'announcement',
      entityId: String(row.id),
      action,
      before: { status: row.oldStatus, suppressReason: row.oldReason, groupId: row.oldGroup },
      after: { status: row.status, suppressReason: row.suppressReason, groupId: row.groupId },
    })),
  );
  return rows.map((row) => row.id);
}

/** Members of `lead`'s group follow `to` as their lead (the lead itself included). */
async function moveLead(tx: Queryable, actor: AuditActor, action: string, lead: number, to: number, except: number): Promise<void> {
  await moveRows(tx, actor, action, 'group_id = $2', 'a.group_id = $1 AND a.id <> $3', [lead, to, except]);
}

/** A lead left alone is no group any more. */
async function dissolveIfAlone(tx: Queryable, lead: number): Promise<void> {
  await tx.query(
    `UPDATE announcements SET group_id = NULL
     WHERE id = $1 AND group_id = $1 AND NOT EXISTS (SELECT 1 FROM announcements m WHERE m.group_id = $1 AND m.id <> $1)`,
    [lead],
  );
}

/** `id` leaves its group: a lead hands the group to its oldest remaining member; a group of one left is dissolved. */
export async function leaveGroup(tx: Queryable, actor: AuditActor, id: number, groupId: number | null, action: string): Promise<void> {
  if (groupId === null) return;
  if (groupId === id) {
    const { rows } = await tx.query<{ id: number }>(
      'SELECT id::int AS id FROM announcements WHERE group_id = $1 AND id <> $1 ORDER BY disseminated_at, id LIMIT 1',
      [id],
    );
    await tx.query('UPDATE announcements SET group_id = NULL WHERE id = $1', [id]);
    const heir = rows[0]?.id;
    if (heir === undefined) return;
    await moveLead(tx, actor, action, id, heir, id);
    await dissolveIfAlone(tx, heir);
  } else {
    await tx.query('UPDATE announcements SET group_id = NULL WHERE id = $1', [id]);
    await dissolveIfAlone(tx, groupId);
  }
}

/** Publishing `id`: it becomes its group's lead, and the members still in the queue are suppressed as duplicates. */
export async function publishGroup(tx: Queryable, actor: AuditActor, id: number, groupId: number | null): Promise<number[]> {
  if (groupId === null) return [];
  if (groupId !== id) {
    await moveLead(tx, actor, 'publish', groupId, id, id);
    await tx.query('UPDATE announcements SET group_id = $1 WHERE id = $1', [id]);
  }
  return moveRows(
    tx,
    actor,
    'publish',
    `status = 'suppressed', suppress_reason = 'duplicate', decided_at = now(), decided_by = $2`,
    `a.group_id = $1 AND a.id <> $1 AND a.status IN ('ingested', 'needs_review')`,
    [id, actor.id],
  );
}

/**
 * `id` joins `lead`'s group: the members it led move to `lead`, and the group it left (when it
 * was a member of another) is dissolved if left alone.
 */
export async function joinGroup(tx: Queryable, actor: AuditActor, id: number, groupId: number | null, lead: number): Promise<void> {
  if (groupId === id) await moveLead(tx, actor, 'merge', id, lead, id);
  await tx.query('UPDATE announcements SET group_id = $1 WHERE id = $1 AND group_id IS NULL', [lead]);
  await tx.query('UPDATE announcements SET group_id = $2 WHERE id = $1', [id, lead]);
  if (groupId !== null && groupId !== id && groupId !== lead) await dissolveIfAlone(tx, groupId);
}
