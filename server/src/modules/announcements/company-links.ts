import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { recordAudits, type AuditActor } from '../../lib/audit.js';
import type { AnnouncementSource } from '../../../../common/domains/announcements/model.js';

// Linking a company by hand (docs/announcements.md "company"). Remembering stores the source's
// code (BSE scrip code, NSE symbol) so later filings match by themselves, and links the rows
// already waiting unmatched with that code now, in the same transaction.

export async function companyExists(q: Queryable, id: number): Promise<{ isin: string } | null> {
  const { rows } = await q.query<{ isin: string }>('SELECT isin FROM companies WHERE company_id = $1', [id]);
  return rows[0] ?? null;
}

/** The company, or 422 companyMissing on `field`. */
export async function existingCompany(q: Queryable, id: number, field = 'companyId'): Promise<{ isin: string }> {
  const company = await companyExists(q, id);
  if (!company) throw new HttpError(422, 'validation', { [field]: 'companyMissing' });
  return company;
}

/** The column holding a source's code for its companies; manual rows have none. */
const CODE_COLUMN: Record<AnnouncementSource, 'scrip_code' | 'symbol' | null> = { BSE: 'scrip_code', NSE: 'symbol', manual: null };

export function codeOf(row: { source: AnnouncementSource; scripCode: string; symbol: string }): string {
  return row.source === 'BSE' ? row.scripCode : row.source === 'NSE' ? row.symbol : '';
}

/** Sets the company (and, for a BSE row without one, the company's ISIN) on one row. */
export async function setCompany(tx: Queryable, id: number, companyId: number, isin: string): Promise<void> {
  await tx.query(`UPDATE announcements SET company_id = $2, isin = CASE WHEN source = 'BSE' AND isin = '' THEN $3 ELSE isin END WHERE id = $1`, [id, companyId, isin]);
}

/** Remembers `code` of `source` for the company and links the other unmatched rows carrying it; returns their ids. */
export async function rememberCode(tx: Queryable, actor: AuditActor, source: AnnouncementSource, code: string, companyId: number, isin: string, except: number): Promise<number[]> {
  const column = CODE_COLUMN[source];
  if (column === null || code === '') return [];
  await tx.query(
    `INSERT INTO announcement_company_codes (source, code, company_id, created_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (source, code) DO UPDATE SET company_id = EXCLUDED.company_id, created_by = EXCLUDED.created_by, created_at = now()`,
    [source, code, companyId, actor.id],
  );
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE announcements SET company_id = $3, isin = CASE WHEN source = 'BSE' AND isin = '' THEN $4 ELSE isin END
     WHERE company_id IS NULL AND source = $1 AND ${column} = $2 AND id <> $5
     RETURNING id::int AS id`,
    [source, code, companyId, isin, except],
  );
  await recordAudits(
    tx,
    rows.map((row) => ({ actor, entity: 'announcement', entityId: String(row.id), action: 'company', before: { company: null }, after: { companyId, remembered: { source, code } } })),
  );
  return rows.map((row) => row.id);
}
