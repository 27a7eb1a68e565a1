import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { EnvInput } from '../../../server/src/env.js';
import type { FeedInput } from '../../../common/domains/announcements/model.js';
import { insertFixtureCompanies } from '../../fixtures/announcements/companies.js';
import { allAreasConfigFile } from '../admin/admin-helper';
import { API, createUser, login, sealed, uniqueName, type Session, type SuiteContext } from '../helper';

export const FEEDS_API = `${API}/be-api-management/announcements/feeds`;
/** The fixtures folder as a file: URL, ending in a slash (an attachment base). */
export const FIXTURES = `${pathToFileURL(path.resolve('tests/fixtures/announcements')).href}/`;

export interface FeedCallers {
  app: FastifyInstance;
  admin: Session;
  user: Session;
}

/**
 * What the feed tests read: file: URLs under the fixtures folder, http from the loopback
 * servers they start (the egress policy's switch for tests and air-gapped set-ups).
 */
export const FIXTURES_EGRESS: EnvInput = {
  EGRESS_FILE_DIR: path.resolve('tests/fixtures/announcements'),
  EGRESS_ALLOWED_HOSTS: '127.0.0.1',
  EGRESS_ALLOW_PRIVATE: true,
};

/**
 * An app with the announcements area on and its callers, an Admin and a User. Without the demo
 * data: a fresh database's 20 000 demo news take PGlite tens of seconds on a busy machine.
 * `env`: the egress policy (FIXTURES_EGRESS unless given).
 */
export async function feedCallers(suite: SuiteContext, options: Parameters<SuiteContext['build']>[1] = {}, env: EnvInput = FIXTURES_EGRESS): Promise<FeedCallers> {
  const app = await suite.build({ APP_CONFIG: allAreasConfigFile(), DEMO_DATA: false, ...env }, options);
  const [madeAdmin, madeUser] = [await createUser(suite, app, { role: 1 }), await createUser(suite, app)];
  const [admin, user] = await Promise.all([login(app, madeAdmin.username, madeAdmin.password), login(app, madeUser.username, madeUser.password)]);
  return { app, admin, user };
}

export function feedsCall(app: FastifyInstance, session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url = '', payload?: object, query?: Record<string, string>): Promise<LightMyRequestResponse> {
  return sealed(app, session, { method, url: `${FEEDS_API}${url}`, ...(payload ? { payload } : {}), ...(query ? { query } : {}) });
}

export function feedInput(overrides: Partial<FeedInput> = {}): FeedInput {
  return { source: 'BSE', name: uniqueName('feed'), url: `${FIXTURES}bse.json`, attachmentBase: FIXTURES, cron: '*/2 * * * *', timezone: 'Asia/Kolkata', enabled: true, ...overrides };
}

/** A feed written straight to the table (the routes have tests of their own); its id. */
export async function insertFeed(suite: SuiteContext, overrides: Partial<FeedInput> = {}): Promise<number> {
  const feed = feedInput(overrides);
  const [row] = await suite.sql<{ id: number }>(
    `INSERT INTO announcement_feeds (source, name, url, attachment_base, cron, timezone, enabled) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
    [feed.source, feed.name, feed.url, feed.attachmentBase, feed.cron, feed.timezone, feed.enabled],
  );
  return (row as { id: number }).id;
}

export function fixtureCompanies(suite: SuiteContext): Promise<Record<string, number>> {
  return insertFixtureCompanies((sql, params) => suite.sql(sql, params));
}

/** A feed over HTTP on loopback: `/feed.json` answers `feed`, `/files/<name>` each of `files`, anything else 404. */
export async function serveFeed(feed: unknown, files: Record<string, Buffer>): Promise<{ base: string; close(): void }> {
  const server = createServer((request, response) => {
    if (request.url === '/feed.json') return response.end(JSON.stringify(feed));
    const file = request.url?.startsWith('/files/') ? files[request.url.slice('/files/'.length)] : undefined;
    if (file) return response.end(file);
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}
