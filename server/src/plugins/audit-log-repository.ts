import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { containsPattern, isoOf, limitOffset, orderBy, type Page, type PageRequest } from '../services/paging.js';

declare module 'fastify' {
  interface FastifyInstance {
    auditLogRepository: ReturnType<typeof createRepository>;
  }
}

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

const WHERE = `WHERE ($1::text IS NULL OR entity = $1) AND ($2::text IS NULL OR entity_id = $2)
   AND ($3::text IS NULL OR action = $3) AND ($4::text IS NULL OR actor_username ILIKE $4)
   AND ($5::date IS NULL OR at >= ($5::date)::timestamp AT TIME ZONE 'UTC')
   AND ($6::date IS NULL OR at < ($6::date + 1)::timestamp AT TIME ZONE 'UTC')`;

const SORTABLE: Record<string, string> = { at: 'at', entity: 'entity', action: 'action', actorUsername: 'actor_username' };

type Row = Omit<AuditRecord, 'at'> & { at: unknown };

function createRepository(fastify: FastifyInstance) {
  const db = fastify.db;

  return {
    async list(filter: AuditFilter): Promise<Page<AuditRecord>> {
      const params = [
        filter.entity ?? null,
        filter.entityId ?? null,
        filter.action ?? null,
        containsPattern(filter.actor),
        filter.dateFrom ?? null,
        filter.dateTo ?? null,
      ];
      const { limit, offset } = limitOffset(filter);
      const order = orderBy(filter.sort, SORTABLE, 'at DESC', 'id DESC');
      const [{ rows }, counted] = await Promise.all([
        db.query<Row>(
          `SELECT id::text AS id, at, actor_id::text AS "actorId", actor_username AS "actorUsername", entity,
                  entity_id AS "entityId", action, before, after
             FROM audit_log ${WHERE} ORDER BY ${order} LIMIT $7 OFFSET $8`,
          [...params, limit, offset],
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${WHERE}`, params),
      ]);
      return { rows: rows.map((row) => ({ ...row, at: isoOf(row.at) })), total: counted.rows[0]?.total ?? 0 };
    },
  };
}

export default fp(
  (fastify) => {
    fastify.decorate('auditLogRepository', createRepository(fastify));
  },
  { name: 'audit-log-repository', dependencies: ['db'] },
);
