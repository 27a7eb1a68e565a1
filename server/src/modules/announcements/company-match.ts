import type { Queryable } from '../../db/index.js';
import type { FeedSource } from '../../../../common/domains/announcements/model.js';
import type { FeedEntry } from './adapters/entry.js';

// Which company an entry names (docs/announcements.md "Company matching"), for a whole batch in
// one statement: NSE's ISIN; a code a person linked once; the symbol or scrip code as the
// company's ticker (when one company alone has it); the name without Ltd/Limited and
// punctuation (when one company alone has it).

export interface CompanyMatch {
  companyId: number;
  isin: string;
}

/** The SQL of a name's key: lower case, punctuation and the words Ltd/Limited gone. */
const nameKey = (column: string) =>
  `btrim(regexp_replace(regexp_replace(regexp_replace(lower(${column}), '[^a-z0-9]+', ' ', 'g'), '\\m(ltd|limited)\\M', ' ', 'g'), ' +', ' ', 'g'))`;

/** Matches by entry position; an entry missing from the answer is unmatched. */
export async function matchCompanies(q: Queryable, source: FeedSource, entries: readonly FeedEntry[]): Promise<Map<number, CompanyMatch>> {
  if (entries.length === 0) return new Map();
  const wanted = entries.map((entry, i) => ({ i, isin: entry.isin, code: source === 'BSE' ? entry.scripCode : entry.symbol, name: entry.companyName }));
  const { rows } = await q.query<{ i: number; companyId: number; isin: string }>(
    `WITH e AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS e (i int, isin text, code text, name text)),
     by_isin AS (SELECT c.isin, c.company_id FROM companies c WHERE c.isin IN (SELECT isin FROM e WHERE isin <> '')),
     by_code AS (SELECT k.code, k.company_id FROM announcement_company_codes k WHERE k.source = $2 AND k.code IN (SELECT code FROM e WHERE code <> '')),
     by_ticker AS (
       SELECT lower(c.ticker) AS ticker, min(c.company_id) AS company_id FROM companies c
       WHERE lower(c.ticker) IN (SELECT lower(code) FROM e WHERE code <> '') GROUP BY 1 HAVING count(*) = 1),
     by_name AS (
       SELECT k.key, min(k.company_id) AS company_id
       FROM (SELECT ${nameKey('c.comp_name')} AS key, c.company_id FROM companies c) k
       WHERE k.key IN (SELECT ${nameKey('name')} FROM e WHERE name <> '') GROUP BY 1 HAVING count(*) = 1),
     matched AS (
       SELECT e.i, coalesce(i.company_id, k.company_id, t.company_id, n.company_id) AS company_id
       FROM e
       LEFT JOIN by_isin i ON e.isin <> '' AND i.isin = e.isin
       LEFT JOIN by_code k ON k.code = e.code
       LEFT JOIN by_ticker t ON e.code <> '' AND t.ticker = lower(e.code)
       LEFT JOIN by_name n ON e.name <> '' AND n.key = ${nameKey('e.name')})
     SELECT m.i, m.company_id::int AS "companyId", c.isin FROM matched m JOIN companies c ON c.company_id = m.company_id`,
    [JSON.stringify(wanted), source],
  );
  return new Map(rows.map((row) => [row.i, { companyId: row.companyId, isin: row.isin }]));
}
