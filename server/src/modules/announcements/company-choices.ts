import type { Queryable } from '../../db/index.js';
import type { CompanyRef } from '../../../../common/domains/announcements/model.js';

const LIMIT = 20;

/**
 * Companies to link to an unmatched announcement (`GET announcements/companies?q=`): an exact
 * ISIN or ticker first, then names starting with `q`, then names containing it; by name within.
 */
export async function companyChoices(q: Queryable, text: string | undefined): Promise<CompanyRef[]> {
  const term = text?.trim() ?? '';
  const escaped = term.replace(/[\\%_]/g, (character) => `\\${character}`);
  const { rows } = await q.query<CompanyRef>(
    `SELECT company_id::int AS id, comp_name AS name, isin, ticker FROM companies
     WHERE $1 = '' OR lower(comp_name) LIKE lower($2) || '%' OR lower(comp_name) LIKE '%' || lower($2) || '%'
       OR upper(isin) = upper($1) OR lower(ticker) = lower($1)
     ORDER BY CASE WHEN $1 <> '' AND (upper(isin) = upper($1) OR lower(ticker) = lower($1)) THEN 0
                   WHEN lower(comp_name) LIKE lower($2) || '%' THEN 1 ELSE 2 END,
              lower(comp_name), company_id
     LIMIT ${LIMIT}`,
    [term, escaped],
  );
  return rows;
}
