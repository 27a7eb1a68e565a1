import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { cappedCount, containsPattern, isoOf, limitOffset, orderBy, type Page, type PageRequest } from '../../lib/paging.js';

export interface AuditRecord {
  id: string;
  at: string;
  actorId: string | null;
  actorUsername: string | null;
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
}

export interface AuditFilter extends PageRequest {
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** Part of the actor's username. */
  actor?: string | undefined;
  /** YYYY-MM-DD, inclusive, UTC days. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/**
 * Counting stops here: past it the total is reported as capped ("10 000+", x-total-capped) and pages
 * go no deeper (narrow the filters to reach older records). Ten million records are never
 * counted, and no OFFSET reads further than this.
 */
export const AUDIT_COUNT_BOUND = 10_000;

const SORTABLE: Record<string, string> = { at: 'a.at', entity: 'a.entity', action: 'a.action', actorUsername: 'a.actor_username' };

const COLUMNS = `a.id::text AS id, a.at, a.actor_id::text AS "actorId", a.actor_username AS "actorUsername", a.entity,
  a.entity_id AS "entityId", a.action, a.before, a.after`;

/** Usernames are never changed or deleted, so every actor_username is some user's: the contains match runs on users. */
const MATCHING_ACTORS = (param: string) => `SELECT username FROM users WHERE username ILIKE ${param}`;

type Row = Omit<AuditRecord, 'at'> & { at: unknown };

/**
 * Only the conditions in use, on columns the indexes of migration 019 lead with; the actor's
 * too unless `withActor` is false (the list merging each actor's own range matches it itself).
 */
function conditions(filter: AuditFilter, params: unknown[], withActor = true): string[] {
  const where: string[] = [];
  const add = (value: unknown, sql: (param: string) => string) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.entity) add(filter.entity, (p) => `a.entity = ${p}`);
  if (filter.entityId) add(filter.entityId, (p) => `a.entity_id = ${p}`);
  if (filter.action) add(filter.action, (p) => `a.action = ${p}`);
  if (filter.dateFrom) add(filter.dateFrom, (p) => `a.at >= (${p}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.dateTo) add(filter.dateTo, (p) => `a.at < (${p}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const actor = containsPattern(filter.actor);
  if (withActor && actor) add(actor, (p) => `a.actor_username IN (${MATCHING_ACTORS(p)})`);
  return where;
}

const whereClause = (parts: string[]) => (parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '');

async function rowsOf(q: Queryable, filter: AuditFilter, order: string, leadsWithTime: boolean, limit: number, offset: number): Promise<Row[]> {
  const params: unknown[] = [];
  const actor = containsPattern(filter.actor);
  const where = conditions(filter, params, !(actor && leadsWithTime));
  if (actor && leadsWithTime) {
    // Each matching actor's newest (offset + limit) from its own index range, then merged:
    // a rare actor is not looked for along the whole time index.
    params.push(actor, offset + limit, limit, offset);
    const n = params.length;
    const { rows } = await q.query<Row>(
      `SELECT ${COLUMNS} FROM (${MATCHING_ACTORS(`$${n - 3}`)}) AS u
       CROSS JOIN LATERAL (SELECT * FROM audit_log a WHERE a.actor_username = u.username ${where.map((part) => `AND ${part}`).join(' ')}
                           ORDER BY ${order} LIMIT $${n - 2}) AS a
       ORDER BY ${order} LIMIT $${n - 1} OFFSET $${n}`,
      params,
    );
    return rows;
  }
  params.push(limit, offset);
  // The ids first, from the index alone, so an OFFSET of thousands reads no table rows.
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM audit_log a JOIN (
       SELECT a.id FROM audit_log a ${whereClause(where)} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}
     ) AS page USING (id) ORDER BY ${order}`,
    params,
  );
  return rows;
}

/** The exact total up to the bound, then the bound: one past it is enough to know. */
function boundedCount(q: Queryable, filter: AuditFilter): Promise<{ total: number; capped: boolean }> {
  const params: unknown[] = [];
  const where = conditions(filter, params);
  return cappedCount(q, `FROM audit_log a ${whereClause(where)}`, params, AUDIT_COUNT_BOUND);
}

/**
 * Every record the filter matches (or only `ids` among them), in the list's order, unpaged,
 * for an export: SQL and parameters, `from` alone for counting. No count bound here: the
 * export's own row limit applies, and the rows come through a cursor.
 */
export function unpagedAuditLog(filter: Omit<AuditFilter, 'page' | 'pageSize'>, ids?: readonly string[]): { sql: string; from: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = conditions(filter, params);
  if (ids) where.push(`a.id = ANY($${params.push(ids)}::text[]::bigint[])`);
  const from = `FROM audit_log a ${whereClause(where)}`;
  return { sql: `SELECT ${COLUMNS} ${from} ORDER BY ${auditOrder(filter.sort)}`, from, params };
}

const auditOrder = (sort: string | undefined) => orderBy(sort, SORTABLE, 'a.at DESC', (direction) => `a.at ${direction}, a.id ${direction}`);

export async function listAuditLog(q: Queryable, filter: AuditFilter): Promise<Page<AuditRecord>> {
  const { limit, offset } = limitOffset(filter);
  if (offset >= AUDIT_COUNT_BOUND) {
    throw new HttpError(422, 'validation', { page: { code: 'pageBeyondCap', params: { max: Math.ceil(AUDIT_COUNT_BOUND / limit) } } });
  }
  const order = auditOrder(filter.sort);
  const leadsWithTime = /^a\.(at|actor_username) /.test(order);
  const [rows, counted] = await Promise.all([rowsOf(q, filter, order, leadsWithTime, limit, offset), boundedCount(q, filter)]);
  return { rows: rows.map((row) => ({ ...row, at: isoOf(row.at) })), ...counted };
}
