import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { containsPattern, isoOf, limitOffset, orderBy, type Page, type PageRequest } from '../services/admin-lists.js';

declare module 'fastify' {
  interface FastifyInstance {
    enterprisesRepository: ReturnType<typeof createRepository>;
  }
}

export interface Enterprise {
  id: string;
  name: string;
  mailDomain: string;
  isBank: boolean;
  isActive: boolean;
  userCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface EnterpriseInput {
  name: string;
  mailDomain: string;
  isBank: boolean;
  isActive: boolean;
}

export interface EnterpriseFilter extends PageRequest {
  q?: string | undefined;
  isBank?: boolean | undefined;
  isActive?: boolean | undefined;
}

const SELECT = `SELECT e.id::text AS id, e.name, e.mail_domain AS "mailDomain", e.is_bank AS "isBank",
       e.is_active AS "isActive", e.created_at AS "createdAt", e.updated_at AS "updatedAt",
       (SELECT count(*) FROM users u WHERE u.enterprise_id = e.id)::int AS "userCount"
  FROM enterprises e`;

const SORTABLE: Record<string, string> = {
  name: 'lower(e.name)',
  mailDomain: 'e.mail_domain',
  isBank: 'e.is_bank',
  isActive: 'e.is_active',
  createdAt: 'e.created_at',
  updatedAt: 'e.updated_at',
  userCount: '"userCount"',
};

const WHERE = `WHERE ($1::text IS NULL OR e.name ILIKE $1 OR e.mail_domain ILIKE $1)
   AND ($2::boolean IS NULL OR e.is_bank = $2) AND ($3::boolean IS NULL OR e.is_active = $3)`;

type Row = Omit<Enterprise, 'createdAt' | 'updatedAt'> & { createdAt: unknown; updatedAt: unknown };

function toEnterprise(row: Row): Enterprise {
  return { ...row, createdAt: isoOf(row.createdAt), updatedAt: isoOf(row.updatedAt) };
}

function createRepository(fastify: FastifyInstance) {
  const db = fastify.db;

  return {
    async list(filter: EnterpriseFilter): Promise<Page<Enterprise>> {
      const params = [containsPattern(filter.q), filter.isBank ?? null, filter.isActive ?? null];
      const { limit, offset } = limitOffset(filter);
      const order = orderBy(filter.sort, SORTABLE, 'lower(e.name)', 'e.id');
      const [{ rows }, counted] = await Promise.all([
        db.query<Row>(`${SELECT} ${WHERE} ORDER BY ${order} LIMIT $4 OFFSET $5`, [...params, limit, offset]),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM enterprises e ${WHERE}`, params),
      ]);
      return { rows: rows.map(toEnterprise), total: counted.rows[0]?.total ?? 0 };
    },

    /** Every active enterprise, for the user form's choice (small: one per customer). */
    async listActive(q: Queryable = db): Promise<Enterprise[]> {
      const { rows } = await q.query<Row>(`${SELECT} WHERE e.is_active ORDER BY lower(e.name), e.id`);
      return rows.map(toEnterprise);
    },

    async findById(id: string, q: Queryable = db, forUpdate = false): Promise<Enterprise | undefined> {
      // FOR UPDATE cannot take the aggregate subquery: lock the row first, then read it whole.
      if (forUpdate) await q.query('SELECT id FROM enterprises WHERE id = $1 FOR UPDATE', [id]);
      const { rows } = await q.query<Row>(`${SELECT} WHERE e.id = $1`, [id]);
      return rows[0] && toEnterprise(rows[0]);
    },

    async nameTaken(name: string, exceptId: string | null, q: Queryable = db): Promise<boolean> {
      const { rows } = await q.query(
        'SELECT 1 FROM enterprises WHERE lower(name) = lower($1) AND ($2::bigint IS NULL OR id <> $2::bigint)',
        [name, exceptId],
      );
      return rows.length > 0;
    },

    /** The new id, or null when the name is taken. */
    async insertIfAbsent(input: EnterpriseInput, q: Queryable = db): Promise<string | null> {
      const { rows } = await q.query<{ id: string }>(
        `INSERT INTO enterprises (name, mail_domain, is_bank, is_active) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING id::text AS id`,
        [input.name, input.mailDomain, input.isBank, input.isActive],
      );
      return rows[0]?.id ?? null;
    },

    async update(id: string, input: EnterpriseInput, q: Queryable): Promise<void> {
      await q.query(
        `UPDATE enterprises SET name = $2, mail_domain = $3, is_bank = $4, is_active = $5, updated_at = now() WHERE id = $1`,
        [id, input.name, input.mailDomain, input.isBank, input.isActive],
      );
    },
  };
}

export default fp(
  (fastify) => {
    fastify.decorate('enterprisesRepository', createRepository(fastify));
  },
  { name: 'enterprises-repository', dependencies: ['db'] },
);
