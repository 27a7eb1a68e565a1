import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { HttpError, type FieldRefusal } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import type { AnnouncementDetail, AnnouncementEdit, AnnouncementInput, AnnouncementLock, SuppressReason } from '../../../../common/domains/announcements/model.js';
import { announcementAnswer, findAnnouncement, groupMembers, type AnnouncementRow } from './announcements-repository.js';
import { codeOf, existingCompany, rememberCode, setCompany } from './company-links.js';
import { joinGroup, leaveGroup, publishGroup } from './groups.js';
import { assertNotLockedByOther, releaseLock, takeLock } from './locks.js';

// Manual create, edit and the review decisions (docs/announcements.md "The announcement"): one
// transaction each, the row locked (FOR UPDATE) for its length, another user's soft lock
// refusing it, and the row's before and after in the audit log.

/** A client's clock may run a little ahead of the server's. */
const FUTURE_TOLERANCE_MS = 60_000;
const QUEUE = new Set(['ingested', 'needs_review']);

export function found(row: AnnouncementRow | null): AnnouncementRow {
  if (!row) throw new HttpError(404, 'announcementNotFound');
  return row;
}

/** What the audit log keeps of a row: its answer without the (ephemeral) lock. */
export function auditView(row: AnnouncementRow) {
  const { lock: _lock, ...rest } = announcementAnswer(row);
  return rest;
}

export async function detailOf(q: Queryable, row: AnnouncementRow): Promise<AnnouncementDetail> {
  const members = row.groupId === null ? [] : await groupMembers(q, row.groupId, row.id);
  return { ...announcementAnswer(row), members: members.map(announcementAnswer) };
}

export async function getAnnouncement(q: Queryable, id: number): Promise<AnnouncementDetail> {
  return detailOf(q, found(await findAnnouncement(q, id)));
}

interface CheckedInput {
  companyId: number | null;
  companyName: string;
  isin: string;
  categoryId: number | null;
  subject: string;
  summary: string;
  critical: boolean;
  material: boolean;
  exchangeCategory: string | undefined;
  exchangeSubcategory: string | undefined;
}

/** The body checked against the database, or a 422 naming every refused field. */
async function checkInput(q: Queryable, given: AnnouncementInput, now: Date): Promise<CheckedInput> {
  const input = { ...given, companyId: given.companyId ?? null, categoryId: given.categoryId ?? null };
  const refused: Record<string, FieldRefusal> = {};
  const subject = input.subject.trim();
  if (subject === '') refused.subject = 'notBlank';
  let company: { isin: string; name: string } | null = null;
  if (input.companyId !== null) {
    const { rows } = await q.query<{ isin: string; name: string }>('SELECT isin, comp_name AS name FROM companies WHERE company_id = $1', [input.companyId]);
    company = rows[0] ?? null;
    if (!company) refused.companyId = 'companyMissing';
  }
  if (input.categoryId !== null) {
    const { rows } = await q.query('SELECT 1 FROM announcement_categories WHERE id = $1 AND is_active', [input.categoryId]);
    if (rows.length === 0) refused.categoryId = 'invalid';
  }
  if (input.disseminatedAt !== undefined && Date.parse(input.disseminatedAt) > now.getTime() + FUTURE_TOLERANCE_MS) refused.disseminatedAt = 'notInFuture';
  if (Object.keys(refused).length > 0) throw new HttpError(422, 'validation', refused);
  return {
    companyId: input.companyId,
    companyName: input.companyName?.trim() || company?.name || '',
    isin: company?.isin ?? '',
    categoryId: input.categoryId,
    subject,
    summary: input.summary,
    critical: input.critical,
    material: input.material,
    exchangeCategory: input.exchangeCategory?.trim(),
    exchangeSubcategory: input.exchangeSubcategory?.trim(),
  };
}

export async function createAnnouncement(fastify: FastifyInstance, actor: AuditActor, input: AnnouncementInput): Promise<AnnouncementDetail> {
  const now = new Date();
  return fastify.db.transaction(async (tx) => {
    const checked = await checkInput(tx, input, now);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO announcements (source, company_id, company_name, isin, category_id, subject, summary, critical, material,
         exchange_category, exchange_subcategory, disseminated_at, status, created_by)
       VALUES ('manual', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'needs_review', $12) RETURNING id::int AS id`,
      [
        checked.companyId,
        checked.companyName,
        checked.isin,
        checked.categoryId,
        checked.subject,
        checked.summary,
        checked.critical,
        checked.material,
        checked.exchangeCategory ?? '',
        checked.exchangeSubcategory ?? '',
        input.disseminatedAt ?? now.toISOString(),
        actor.id,
      ],
    );
    const row = found(await findAnnouncement(tx, (rows[0] as { id: number }).id));
    await recordAudit(tx, { actor, entity: 'announcement', entityId: String(row.id), action: 'create', after: auditView(row) });
    return detailOf(tx, row);
  });
}

/**
 * One write to one announcement: the row locked, another user's soft lock and a stale version
 * refused, `change` applied, the whole row audited before and after.
 */
async function writeAnnouncement(
  fastify: FastifyInstance,
  actor: AuditActor,
  id: number,
  version: number,
  action: string,
  change: (tx: Queryable, row: AnnouncementRow) => Promise<void>,
): Promise<AnnouncementDetail> {
  return fastify.db.transaction(async (tx) => {
    const before = found(await findAnnouncement(tx, id, { lock: true }));
    await assertNotLockedByOther(tx, id, actor);
    if (before.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: before.version } });
    await change(tx, before);
    const after = found(await findAnnouncement(tx, id));
    await recordAudit(tx, { actor, entity: 'announcement', entityId: String(id), action, before: auditView(before), after: auditView(after) });
    return detailOf(tx, after);
  });
}

export async function editAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number, input: AnnouncementEdit): Promise<AnnouncementDetail> {
  const now = new Date();
  return writeAnnouncement(fastify, actor, id, input.version, 'edit', async (tx, row) => {
    if (row.status === 'retracted') throw new HttpError(409, 'announcementRetractedReadOnly');
    // The date is the exchange's (or the manual create's): an edit does not move it.
    const checked = await checkInput(tx, { ...input, disseminatedAt: undefined }, now);
    await tx.query(
      `UPDATE announcements SET company_id = $2, company_name = $3, isin = CASE WHEN $2::bigint IS DISTINCT FROM company_id AND $4 <> '' THEN $4 ELSE isin END,
         category_id = $5, subject = $6, summary = $7, critical = $8, material = $9,
         exchange_category = coalesce($10, exchange_category), exchange_subcategory = coalesce($11, exchange_subcategory)
       WHERE id = $1`,
      [
        id,
        checked.companyId,
        input.companyName === undefined ? row.companyName || checked.companyName : checked.companyName,
        checked.isin,
        checked.categoryId,
        checked.subject,
        checked.summary,
        checked.critical,
        checked.material,
        checked.exchangeCategory ?? null,
        checked.exchangeSubcategory ?? null,
      ],
    );
  });
}

function inQueue(row: AnnouncementRow): void {
  if (!QUEUE.has(row.status)) throw new HttpError(409, 'announcementNotInQueue');
}

const DECIDED = 'decided_at = now(), decided_by = $2';

/** What a review decision's input may carry: suppress's reason from the list, retract's own words. */
export interface DecisionInput {
  suppressReason?: SuppressReason;
  retractReason?: string;
}

/**
 * The four review decisions' own part of a write, on the row locked and checked (lock, version)
 * by the caller: the legacy decision routes (writeAnnouncement) and the workflow's transitions
 * (transition-store.ts) both run these, so the two routes cannot decide differently.
 */
export const DECISIONS: Record<'publish' | 'suppress' | 'reopen' | 'retract', (tx: Queryable, actor: AuditActor, row: AnnouncementRow, input: DecisionInput) => Promise<void>> = {
  async publish(tx, actor, row) {
    inQueue(row);
    await publishGroup(tx, actor, row.id, row.groupId);
    await tx.query(`UPDATE announcements SET status = 'published', published_at = now(), published_by = $2, ${DECIDED} WHERE id = $1`, [row.id, actor.id]);
  },
  async suppress(tx, actor, row, input) {
    inQueue(row);
    await tx.query(`UPDATE announcements SET status = 'suppressed', suppress_reason = $3, ${DECIDED} WHERE id = $1`, [row.id, actor.id, input.suppressReason]);
  },
  async reopen(tx, actor, row) {
    if (row.status !== 'suppressed') throw new HttpError(409, 'announcementNotReopenable');
    if (row.suppressReason === 'duplicate') await leaveGroup(tx, actor, row.id, row.groupId, 'reopen');
    await tx.query(`UPDATE announcements SET status = 'needs_review', suppress_reason = NULL, ${DECIDED} WHERE id = $1`, [row.id, actor.id]);
  },
  async retract(tx, actor, row, input) {
    const reason = input.retractReason?.trim() ?? '';
    if (reason === '') throw new HttpError(422, 'validation', { reason: 'notBlank' });
    if (row.status !== 'published') throw new HttpError(409, 'announcementNotPublished');
    await tx.query(`UPDATE announcements SET status = 'retracted', retract_reason = $3, ${DECIDED} WHERE id = $1`, [row.id, actor.id, reason]);
  },
};

export function publishAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number, version: number): Promise<AnnouncementDetail> {
  return writeAnnouncement(fastify, actor, id, version, 'publish', (tx, row) => DECISIONS.publish(tx, actor, row, {}));
}

export function suppressAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number, version: number, reason: SuppressReason): Promise<AnnouncementDetail> {
  return writeAnnouncement(fastify, actor, id, version, 'suppress', (tx, row) => DECISIONS.suppress(tx, actor, row, { suppressReason: reason }));
}

export function reopenAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number, version: number): Promise<AnnouncementDetail> {
  return writeAnnouncement(fastify, actor, id, version, 'reopen', (tx, row) => DECISIONS.reopen(tx, actor, row, {}));
}

export function retractAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number, version: number, reason: string): Promise<AnnouncementDetail> {
  return writeAnnouncement(fastify, actor, id, version, 'retract', (tx, row) => DECISIONS.retract(tx, actor, row, { retractReason: reason }));
}

export function mergeAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number, version: number, into: number): Promise<AnnouncementDetail> {
  return writeAnnouncement(fastify, actor, id, version, 'merge', async (tx, row) => {
    inQueue(row);
    const target = await findAnnouncement(tx, into, { lock: true });
    const lead = target ? (target.groupId ?? target.id) : null;
    // Itself, a row of the group it leads, a row decided otherwise, or no row at all.
    if (!target || lead === id || target.id === id || target.status === 'suppressed' || target.status === 'retracted') {
      throw new HttpError(409, 'announcementMergeInvalid');
    }
    await joinGroup(tx, actor, id, row.groupId, lead as number);
    await tx.query(`UPDATE announcements SET status = 'suppressed', suppress_reason = 'duplicate', ${DECIDED} WHERE id = $1`, [id, actor.id]);
  });
}

export function separateAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number, version: number): Promise<AnnouncementDetail> {
  return writeAnnouncement(fastify, actor, id, version, 'separate', async (tx, row) => {
    await leaveGroup(tx, actor, id, row.groupId, 'separate');
    const back = row.status === 'suppressed' && row.suppressReason === 'duplicate';
    await tx.query(
      `UPDATE announcements SET ${DECIDED}${back ? `, status = 'needs_review', suppress_reason = NULL` : ''} WHERE id = $1`,
      [id, actor.id],
    );
  });
}

export function linkCompany(fastify: FastifyInstance, actor: AuditActor, id: number, body: { version: number; companyId: number; remember: boolean }): Promise<AnnouncementDetail> {
  return writeAnnouncement(fastify, actor, id, body.version, 'company', async (tx, row) => {
    const company = await existingCompany(tx, body.companyId);
    await setCompany(tx, id, body.companyId, company.isin);
    if (body.remember) await rememberCode(tx, actor, row.source, codeOf(row), body.companyId, company.isin, id);
  });
}

export async function lockAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number, force: boolean): Promise<AnnouncementLock> {
  return fastify.db.transaction(async (tx) => {
    found(await findAnnouncement(tx, id, { lock: true }));
    return takeLock(tx, id, actor, force);
  });
}

export async function unlockAnnouncement(fastify: FastifyInstance, actor: AuditActor, id: number): Promise<void> {
  await fastify.db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM announcements WHERE id = $1', [id]);
    if (rows.length === 0) throw new HttpError(404, 'announcementNotFound');
    await releaseLock(tx, id, actor);
  });
}
