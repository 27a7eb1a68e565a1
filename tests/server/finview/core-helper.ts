import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API, createUser, login, sealed, type Session, type SuiteContext } from '../helper';
import { allAreasConfigFile } from '../admin/admin-helper';

// The finview core tests' callers and data: a User (role 2) and an Admin, companies and news rows.

export const FINVIEW_API = `${API}/be-api-management/finview`;

export interface FinviewCallers {
  app: FastifyInstance;
  user: Session;
  admin: Session;
}

export async function finviewCallers(suite: SuiteContext): Promise<FinviewCallers> {
  const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
  const made = await createUser(suite, app);
  const [user, admin] = await Promise.all([login(app, made.username, made.password), login(app, 'admin', 'Demo12345')]);
  return { app, user, admin };
}

export function call(app: FastifyInstance, session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return sealed(app, session, { method, url: `${FINVIEW_API}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A company with `news` approved items published on the given days ago (UTC). */
export async function companyWithNews(suite: SuiteContext, name: string, daysAgo: number[] = [], status = 'APPROVED'): Promise<number> {
  const isin = randomUUID().slice(0, 12).toUpperCase();
  const [row] = await suite.sql<{ id: number }>(`INSERT INTO companies (comp_name, isin, sector) VALUES ($1, $2, 'Banks') RETURNING company_id::int AS id`, [name, isin]);
  const id = row!.id;
  for (const [index, ago] of daysAgo.entries()) {
    await suite.sql(
      `INSERT INTO news (source_table, company_id, headline, published_at, news_status) VALUES ('news_feed', $1, $2, now() - make_interval(days => $3), $4)`,
      [id, `${name} headline ${index}`, ago, status],
    );
  }
  return id;
}

export async function counts(suite: SuiteContext, tables: readonly string[]): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await suite.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    result[table] = Number(row?.n);
  }
  return result;
}
