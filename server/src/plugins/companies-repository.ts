import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import type { CompanyValues } from '../../../src/resources/company-rules.js';
import type { SortTerm } from './news-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    companiesRepository: ReturnType<typeof createRepository>;
  }
}

export interface CompanyRow extends CompanyValues {
  companyId: string;
}

export type CompanySortField = 'compName' | 'companyId' | 'isin' | 'ticker' | 'exchange' | 'sector' | 'isActive';

const SORT_SQL: Record<CompanySortField, string> = {
  compName: 'lower(comp_name)',
  companyId: 'company_id',
  isin: 'isin',
  ticker: 'ticker',
  exchange: 'exchange',
  sector: 'sector',
  isActive: 'is_active',
};

const COLUMNS = `company_id::text AS "companyId", comp_name AS "compName", isin, ticker, exchange, sector,
  website, email, phone, address, is_active AS "isActive"`;

/** Upload batches: one statement per this many rows keeps each parameter list moderate. */
const BATCH = 10_000;

/** The smallest string greater than every string starting with `prefix` (for an index range). */
function prefixEnd(prefix: string): string {
  const points = [...prefix];
  const last = points.pop() as string;
  return points.join('') + String.fromCodePoint((last.codePointAt(0) as number) + 1);
}

function createRepository(fastify: FastifyInstance) {
  const db = fastify.db;

  function searchCondition(q: string | undefined, params: unknown[]): string {
    if (!q) return '';
    // strpos, not LIKE: the search text is plain text, with no wildcard to escape.
    params.push(q.toLowerCase());
    const p = `$${params.length}`;
    return `WHERE strpos(lower(comp_name), ${p}) > 0 OR strpos(lower(ticker), ${p}) > 0 OR strpos(lower(isin), ${p}) > 0`;
  }

  return {
    async list(q: string | undefined, sort: readonly SortTerm<CompanySortField>[], page: number, pageSize: number): Promise<{ rows: CompanyRow[]; total: number }> {
      const params: unknown[] = [];
      const condition = searchCondition(q, params);
      const order = [...sort.map((term) => `${SORT_SQL[term.field]} ${term.order === 'asc' ? 'ASC' : 'DESC'}`), 'company_id ASC'];
      const { rows: counted } = await db.query<{ total: string }>(`SELECT count(*)::text AS total FROM companies ${condition}`, params);
      const { rows } = await db.query<CompanyRow>(
        `SELECT ${COLUMNS} FROM companies ${condition}
         ORDER BY ${sort.length > 0 ? order.join(', ') : 'lower(comp_name) ASC, company_id ASC'}
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      );
      return { rows, total: Number(counted[0]?.total ?? 0) };
    },

    /** Names starting with the text first (index range), then names containing it. */
    async search(text: string, limit = 20): Promise<Array<{ companyId: string; compName: string }>> {
      const needle = text.toLowerCase();
      const { rows: prefixed } = await db.query<{ companyId: string; compName: string }>(
        `SELECT company_id::text AS "companyId", comp_name AS "compName" FROM companies
         WHERE lower(comp_name) ~>=~ $1 AND lower(comp_name) ~<~ $2
         ORDER BY lower(comp_name), company_id LIMIT $3`,
        [needle, prefixEnd(needle), limit],
      );
      if (prefixed.length >= limit) return prefixed;
      const { rows: containing } = await db.query<{ companyId: string; compName: string }>(
        `SELECT company_id::text AS "companyId", comp_name AS "compName" FROM companies
         WHERE strpos(lower(comp_name), $1) > 1
         ORDER BY strpos(lower(comp_name), $1), lower(comp_name), company_id LIMIT $2`,
        [needle, limit - prefixed.length],
      );
      return [...prefixed, ...containing];
    },

    async findById(companyId: string): Promise<CompanyRow | undefined> {
      const { rows } = await db.query<CompanyRow>(`SELECT ${COLUMNS} FROM companies WHERE company_id = $1`, [companyId]);
      return rows[0];
    },

    async findForUpdate(tx: Queryable, companyId: string): Promise<CompanyRow | undefined> {
      const { rows } = await tx.query<CompanyRow>(`SELECT ${COLUMNS} FROM companies WHERE company_id = $1 FOR UPDATE`, [companyId]);
      return rows[0];
    },

    async isinTaken(tx: Queryable, isin: string, exceptId: string): Promise<boolean> {
      const { rows } = await tx.query('SELECT 1 FROM companies WHERE isin = $1 AND company_id <> $2', [isin, exceptId]);
      return rows.length > 0;
    },

    async update(tx: Queryable, companyId: string, value: CompanyValues): Promise<CompanyRow> {
      const { rows } = await tx.query<CompanyRow>(
        `UPDATE companies SET comp_name = $2, isin = $3, ticker = $4, exchange = $5, sector = $6, website = $7,
           email = $8, phone = $9, address = $10, is_active = $11, updated_at = now()
         WHERE company_id = $1 RETURNING ${COLUMNS}`,
        [companyId, value.compName, value.isin, value.ticker, value.exchange, value.sector, value.website, value.email, value.phone, value.address, value.isActive],
      );
      return rows[0] as CompanyRow;
    },

    /** The existing companies among these ISINs, locked for the rest of the transaction. */
    async lockByIsins(tx: Queryable, isins: readonly string[]): Promise<CompanyRow[]> {
      const found: CompanyRow[] = [];
      for (let start = 0; start < isins.length; start += BATCH) {
        const { rows } = await tx.query<CompanyRow>(
          `SELECT ${COLUMNS} FROM companies WHERE isin = ANY ($1::text[]) ORDER BY company_id FOR UPDATE`,
          [isins.slice(start, start + BATCH)],
        );
        found.push(...rows);
      }
      return found;
    },

    /** Array parameters and unnest: one statement per batch, not one per row. */
    async insertMany(tx: Queryable, values: readonly CompanyValues[]): Promise<CompanyRow[]> {
      const inserted: CompanyRow[] = [];
      for (let start = 0; start < values.length; start += BATCH) {
        const batch = values.slice(start, start + BATCH);
        const column = <K extends keyof CompanyValues>(key: K) => batch.map((value) => value[key]);
        const { rows } = await tx.query<CompanyRow>(
          `INSERT INTO companies (comp_name, isin, ticker, exchange, sector, website, email, phone, address, is_active)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::boolean[])
           RETURNING ${COLUMNS}`,
          [column('compName'), column('isin'), column('ticker'), column('exchange'), column('sector'), column('website'), column('email'), column('phone'), column('address'), column('isActive')],
        );
        inserted.push(...rows);
      }
      return inserted;
    },

    async updateMany(tx: Queryable, values: ReadonlyArray<CompanyValues & { companyId: string }>): Promise<void> {
      for (let start = 0; start < values.length; start += BATCH) {
        const batch = values.slice(start, start + BATCH);
        const column = <K extends keyof (CompanyValues & { companyId: string })>(key: K) => batch.map((value) => value[key]);
        await tx.query(
          `UPDATE companies AS c SET comp_name = u.comp_name, isin = u.isin, ticker = u.ticker, exchange = u.exchange,
             sector = u.sector, website = u.website, email = u.email, phone = u.phone, address = u.address,
             is_active = u.is_active, updated_at = now()
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::boolean[])
             AS u (company_id, comp_name, isin, ticker, exchange, sector, website, email, phone, address, is_active)
           WHERE c.company_id = u.company_id`,
          [column('companyId'), column('compName'), column('isin'), column('ticker'), column('exchange'), column('sector'), column('website'), column('email'), column('phone'), column('address'), column('isActive')],
        );
      }
    },
  };
}

export default fp(
  (fastify) => {
    fastify.decorate('companiesRepository', createRepository(fastify));
  },
  { name: 'companies-repository', dependencies: ['db'] },
);
