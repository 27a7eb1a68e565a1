import type { Queryable } from '../db/index.js';

export interface AuditActor {
  id: string;
  username: string;
}

export interface AuditEntry {
  /** Null for the system itself (self-registration, bootstrap). */
  actor: AuditActor | null;
  entity: string;
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** The head of every insert into the audit log; a bulk writer selects its seven values. */
export const AUDIT_INSERT = 'INSERT INTO audit_log (actor_id, actor_username, entity, entity_id, action, before, after)';

/**
 * Records a change. Pass the transaction the change runs in (`tx`), never the
 * pool: the record must commit or roll back with the change itself.
 */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `${AUDIT_INSERT} VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      entry.actor?.id ?? null,
      entry.actor?.username ?? null,
      entry.entity,
      entry.entityId,
      entry.action,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

/** Several changes of one user action (a bulk status change, an import), in one statement. */
export async function recordAudits(tx: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.query(
    `${AUDIT_INSERT}
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[])`,
    [
      entries.map((entry) => entry.actor?.id ?? null),
      entries.map((entry) => entry.actor?.username ?? null),
      entries.map((entry) => entry.entity),
      entries.map((entry) => entry.entityId),
      entries.map((entry) => entry.action),
      entries.map((entry) => (entry.before === undefined ? null : JSON.stringify(entry.before))),
      entries.map((entry) => (entry.after === undefined ? null : JSON.stringify(entry.after))),
    ],
  );
}
