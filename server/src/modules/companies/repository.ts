import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db, Queryable } from '../../db/index.js';
import { AUDIT_INSERT, type AuditActor } from '../../lib/audit.js';
import type { CompanyValues } from '../../../../common/domains/news/company-rules.js';

// The companies' own SQL beside the generic module's: the name search and the Excel import.
// List, get and update are the generic module's (common/resources/companies.ts).

/** The stored values of a company, in CompanyValues' order. */
const VALUE_KEYS = ['compName', 'isin', 'ticker', 'exchange', 'sector', 'website', 'email', 'phone', 'address', 'isActive'] as const satisfies ReadonlyArray<keyof CompanyValues>;
const VALUE_COLUMNS = ['comp_name', 'isin', 'ticker', 'exchange', 'sector', 'website', 'email', 'phone', 'address', 'is_active'];

// PGlite runs on this thread and holds its only connection for the whole import: slices keep
// each statement short, and a turn of the event loop between them lets /health and static files
// answer. PostgreSQL writes the upload in one statement: slices only cost it planning, hashing and
// lookups ten times over (bench/company-import.ts).
const PGLITE_SLICE = 5_000;
const STAGING = 'company_upload';
const MAX_MERGE_ROUNDS = 5;

/** A company as audit records show it (a CompanyRow), from the row alias `row`. */
function companyJson(row: string): string {
  const fields = [`'companyId', ${row}.company_id::text`, ...VALUE_KEYS.map((key, index) => `'${key}', ${row}.${VALUE_COLUMNS[index]}`)];
  return `jsonb_build_object(${fields.join(', ')})`;
}

const columnsOf = (row: string) => VALUE_COLUMNS.map((column) => `${row}.${column}`).join(', ');
const CHANGED_COLUMNS = VALUE_COLUMNS.filter((column) => column !== 'isin');

// `stale`: the companies the upload changes, as this statement's snapshot has them. An update
// applies only while the row still has that `version` (the touch_row trigger of migration 010
// bumps it, and `updated_at`, on every update), so `before` is exactly what it replaces: a row a
// concurrent edit changed meanwhile (in READ COMMITTED the update waits for that edit, then
// rechecks the committed row) is left out and counted as `raced`, and the statement runs again
// for those with a new snapshot, one that sees what it wrote (equal rows by then). Rows the upload
// leaves as they are are not written: an edit meanwhile comes after the upload.
// No locking read first: locking each row costs a write of its own (~100 ms for 50 000).
const MERGE_STAGED = `WITH stale AS MATERIALIZED (
  SELECT c.company_id, c.version, ${columnsOf('c')}, ${CHANGED_COLUMNS.map((column) => `s.${column} AS new_${column}`).join(', ')}
  FROM companies c JOIN ${STAGING} s ON s.isin = c.isin
  WHERE (${columnsOf('c')}) IS DISTINCT FROM (${columnsOf('s')})
),
inserted AS (
  INSERT INTO companies (${VALUE_COLUMNS.join(', ')})
  SELECT ${columnsOf('s')} FROM ${STAGING} s WHERE NOT EXISTS (SELECT FROM companies c WHERE c.isin = s.isin)
  RETURNING company_id, ${VALUE_COLUMNS.join(', ')}
),
updated AS (
  UPDATE companies c SET ${CHANGED_COLUMNS.map((column) => `${column} = stale.new_${column}`).join(', ')}
  FROM stale WHERE c.company_id = stale.company_id AND c.version = stale.version
  RETURNING c.company_id, ${columnsOf('c')}, ${companyJson('stale')} AS before
),
audited AS (
  ${AUDIT_INSERT}
  SELECT $1::bigint, $2::text, 'company', written.company_id::text, 'import', written.before, ${companyJson('written')}
  FROM (SELECT *, NULL::jsonb AS before FROM inserted UNION ALL SELECT * FROM updated) AS written
)
SELECT (SELECT count(*) FROM inserted)::int AS inserted, (SELECT count(*) FROM updated)::int AS updated,
  ((SELECT count(*) FROM stale) - (SELECT count(*) FROM updated))::int AS raced`;

/** The smallest string greater than every string starting with `prefix` (for an index range). */
function prefixEnd(prefix: string): string {
  const points = [...prefix];
  const last = points.pop() as string;
  return points.join('') + String.fromCodePoint((last.codePointAt(0) as number) + 1);
}

/** The trigger of migration 010 bumps each updated company's `version` and `updated_at`. */
export function createCompaniesRepository(db: Db) {
  return {
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

    async isinTaken(tx: Queryable, isin: string, exceptId: string): Promise<boolean> {
      const { rows } = await tx.query('SELECT 1 FROM companies WHERE isin = $1 AND company_id <> $2', [isin, exceptId]);
      return rows.length > 0;
    },

    /**
     * Writes an upload and audits each change, in the caller's transaction: rows match existing
     * companies by ISIN (update), others are inserted; unchanged rows count in neither figure
     * and are not audited. COPY into a staging table, then one statement inserts, updates and
     * audits (again for rows a concurrent edit changed meanwhile); on PGlite slice by slice.
     */
    async importMany(tx: Queryable, actor: AuditActor, values: readonly CompanyValues[]): Promise<{ inserted: number; updated: number }> {
      const slice = db.kind === 'pglite' ? PGLITE_SLICE : Math.max(values.length, 1);
      await tx.query(`CREATE TEMP TABLE ${STAGING} (${VALUE_COLUMNS.map((column) => `${column} ${column === 'is_active' ? 'boolean' : 'text'}`).join(', ')}) ON COMMIT DROP`);
      const counts = { inserted: 0, updated: 0 };
      for (let start = 0; start < values.length; start += slice) {
        if (start > 0) {
          await tx.query(`TRUNCATE ${STAGING}`);
          await yieldToEventLoop();
        }
        await tx.copyFrom(STAGING, VALUE_COLUMNS, values.slice(start, start + slice).map((value) => VALUE_KEYS.map((key) => value[key])));
        for (let raced = 1, round = 0; raced > 0; round += 1) {
          // Each round only redoes rows an edit changed during the last one: a bound, never a hang.
          if (round === MAX_MERGE_ROUNDS) throw new Error(`company import: ${raced} rows still raced concurrent edits after ${round} rounds`);
          const { rows } = await tx.query<{ inserted: number; updated: number; raced: number }>(MERGE_STAGED, [actor.id, actor.username]);
          counts.inserted += rows[0]?.inserted ?? 0;
          counts.updated += rows[0]?.updated ?? 0;
          raced = rows[0]?.raced ?? 0;
        }
      }
      return counts;
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
