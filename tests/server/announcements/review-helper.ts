import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AnnouncementDetail, AnnouncementSource, AnnouncementStatus } from '../../../common/domains/announcements/model.js';
import { callers, type Callers } from '../admin/admin-helper';
import { API, sealed, uniqueName, type Session, type SuiteContext } from '../helper';

export const ANNOUNCEMENTS_API = `${API}/be-api-management/announcements`;

/** A fresh app with every area on (announcements ships off), and a session for each demo role: admin's `callers`. */
export const reviewers = callers;
export type Reviewers = Callers;

export function review(app: FastifyInstance, session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object, query?: Record<string, string>): Promise<LightMyRequestResponse> {
  return sealed(app, session, { method, url: `${ANNOUNCEMENTS_API}${path}`, ...(payload ? { payload } : {}), ...(query ? { query } : {}) });
}

export interface SeedAnnouncement {
  source?: AnnouncementSource;
  subject?: string;
  summary?: string;
  status?: AnnouncementStatus;
  companyId?: number | null;
  companyName?: string;
  scripCode?: string;
  symbol?: string;
  critical?: boolean;
  categoryId?: number | null;
  groupId?: number | null;
  /** Minutes before now. */
  ageMinutes?: number;
}

/** An announcement written straight to the table (ingestion is another module's); returns its id. */
export async function insertAnnouncement(suite: SuiteContext, seed: SeedAnnouncement = {}): Promise<number> {
  const status = seed.status ?? 'needs_review';
  const [row] = await suite.sql<{ id: number }>(
    `INSERT INTO announcements (source, source_id, company_id, company_name, scrip_code, symbol, subject, summary, status,
       suppress_reason, published_at, critical, category_id, group_id, disseminated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $9 = 'suppressed' THEN 'irrelevant' END,
       CASE WHEN $9 IN ('published', 'retracted') THEN now() END, $10, $11, $12, now() - make_interval(mins => $13))
     RETURNING id::int AS id`,
    [
      seed.source ?? 'BSE',
      randomBytes(8).toString('hex'),
      seed.companyId ?? null,
      seed.companyName ?? 'Seeded Co',
      seed.scripCode ?? '',
      seed.symbol ?? '',
      seed.subject ?? `Subject ${uniqueName('s')}`,
      seed.summary ?? '',
      status,
      seed.critical ?? false,
      seed.categoryId ?? null,
      seed.groupId ?? null,
      seed.ageMinutes ?? 10,
    ],
  );
  return (row as { id: number }).id;
}

/** A duplicate group: the lead (oldest) and its members, all in the queue unless told. */
export async function insertGroup(suite: SuiteContext, size: number, seed: SeedAnnouncement = {}): Promise<number[]> {
  const lead = await insertAnnouncement(suite, { ...seed, ageMinutes: 60 });
  await suite.sql('UPDATE announcements SET group_id = id WHERE id = $1', [lead]);
  const ids = [lead];
  for (let index = 1; index < size; index += 1) ids.push(await insertAnnouncement(suite, { ...seed, groupId: lead, ageMinutes: 60 - index }));
  return ids;
}

export async function insertTestCompany(suite: SuiteContext, name = `Co ${uniqueName('c')}`, ticker = ''): Promise<number> {
  const [row] = await suite.sql<{ id: number }>(
    `INSERT INTO companies (comp_name, isin, ticker) VALUES ($1, $2, $3) RETURNING company_id::int AS id`,
    [name, `IN${randomBytes(5).toString('hex').toUpperCase()}`, ticker],
  );
  return (row as { id: number }).id;
}

export async function statusOf(suite: SuiteContext, id: number): Promise<{ status: string; suppressReason: string | null; groupId: number | null; version: number }> {
  const [row] = await suite.sql<{ status: string; suppressReason: string | null; groupId: number | null; version: number }>(
    'SELECT status, suppress_reason AS "suppressReason", group_id::int AS "groupId", version FROM announcements WHERE id = $1',
    [id],
  );
  if (!row) throw new Error(`no announcement ${id}`);
  return row;
}

export async function versionOf(suite: SuiteContext, id: number): Promise<number> {
  return (await statusOf(suite, id)).version;
}

/** A decision on the row's current version. */
export async function decide(suite: SuiteContext, app: FastifyInstance, session: Session, id: number, action: string, body: object = {}): Promise<LightMyRequestResponse> {
  return review(app, session, 'POST', `/${id}/${action}`, { version: await versionOf(suite, id), ...body });
}

export type { AnnouncementDetail };
