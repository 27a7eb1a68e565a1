import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { callers } from './admin/admin-helper';
import { API, describeEachDatabase, sealed, type Session } from './helper';
import { readWithOpenpyxl, type ReadCell } from '../fixtures/openpyxl';
import { insertAnnouncement } from './announcements/review-helper';

// The exports of the lists whose modules serve their own list (users, audit log, plugins,
// announcement feeds), made by the same code as every other list's: the file holds the rows
// the list's own query answers, in its order, typed as openpyxl reads them; the list's roles hold.

const USERS = `${API}/be-api-management/admin/users`;
const AUDIT = `${API}/be-api-management/admin/audit-log`;
const PLUGINS = `${API}/be-api-management/finview/plugins`;
const FEEDS = `${API}/be-api-management/announcements/feeds`;
const ANNOUNCEMENTS = `${API}/be-api-management/announcements`;

type Row = Record<string, unknown>;

function exportCall(app: FastifyInstance, session: Session, url: string, body: object) {
  return sealed(app, session, { method: 'POST', url: `${url}/export`, payload: body });
}

/** The list's own answer to the same query, every row of it. */
async function listed(app: FastifyInstance, session: Session, url: string, query: Record<string, string>): Promise<Row[]> {
  const response = await sealed(app, session, { method: 'GET', url, query: { ...query, page: '1', pageSize: '100' } });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json<Row[]>();
}

/** The exported sheet: headers, then each row's cell types and values. */
async function exported(app: FastifyInstance, session: Session, url: string, body: object): Promise<{ header: unknown[]; types: string[][]; values: unknown[][] }> {
  const response = await exportCall(app, session, url, body);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const [header = [], ...rows] = readWithOpenpyxl(response.rawPayload).rows;
  return { header: header.map((cell) => cell.value), types: rows.map((row) => row.map((cell: ReadCell) => cell.type)), values: rows.map((row) => row.map((cell: ReadCell) => cell.value)) };
}

const columns = (...fields: string[]) => fields.map((field) => ({ field, label: `«${field}»` }));

describeEachDatabase('list exports', (suite) => {
  it('users: the filtered users, typed, the enterprise by name; Admins and up only', async () => {
    const { app, admin, superAdmin, analyst } = await callers(suite);
    const tag = `xu${randomBytes(3).toString('hex')}`;
    const [enterprise] = (await suite.sql(`INSERT INTO enterprises (name, mail_domain) VALUES ($1, $2) RETURNING id::text AS id`, [`Ent ${tag}`, `${tag}.example`])) as Array<{ id: string }>;
    await suite.sql(
      `INSERT INTO users (username, email, name, role, status, password_hash, enterprise_id, created_at)
       SELECT $1 || g, $1 || g || '@x.example', 'User ' || g, 2, CASE WHEN g % 2 = 0 THEN 'active' ELSE 'pending' END, 'x', $2::bigint, '2026-01-02T03:04:05Z'::timestamptz + g * interval '1 hour'
       FROM generate_series(1, 5) AS g`,
      [tag, enterprise?.id],
    );
    const query = { q: tag, status: 'active', sort: 'username:desc' };
    const expected = await listed(app, admin, USERS, query);
    expect(expected.map((user) => user.username)).toEqual([`${tag}4`, `${tag}2`]);

    const file = await exported(app, admin, USERS, { format: 'xlsx', columns: columns('id', 'username', 'role', 'status', 'enterpriseId', 'createdAt'), query, timeZone: 'UTC' });
    expect(file.header).toEqual(['«id»', '«username»', '«role»', '«status»', '«enterpriseId»', '«createdAt»']);
    expect(file.types).toEqual(expected.map(() => ['int', 'str', 'str', 'str', 'str', 'datetime']));
    expect(file.values).toEqual(expected.map((user) => [Number(user.id), user.username, '2', 'active', `Ent ${tag}`, String(user.createdAt).slice(0, 19)]));

    // A select's words, as the list shows them, when the reader's screen sends them; a value without words stays as it is.
    const worded = (field: string, values: Record<string, string>) => ({ field, label: `«${field}»`, values });
    const words = await exported(app, admin, USERS, {
      format: 'xlsx',
      columns: [worded('role', { 0: 'Super Admin', 1: 'Admin', 2: 'User' }), worded('status', { pending: 'Pending' })],
      query,
    });
    expect(words.values).toEqual(expected.map(() => ['User', 'active']));
    const csv = await exportCall(app, admin, USERS, { format: 'csv', columns: [worded('role', { 2: 'Usuario' })], query });
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n').slice(1, 3)).toEqual(['Usuario', 'Usuario']);

    // The selection, in the list's order; the Super Admin too.
    const selected = await exported(app, superAdmin, USERS, { format: 'xlsx', columns: columns('username'), query: { sort: 'username:asc' }, ids: expected.map((user) => user.id) });
    expect(selected.values).toEqual([[`${tag}2`], [`${tag}4`]]);

    expect((await exportCall(app, analyst, USERS, { format: 'csv', columns: columns('username') })).statusCode).toBe(403);
    const unknown = await exportCall(app, admin, USERS, { format: 'csv', columns: columns('passwordHash') });
    expect(unknown.statusCode).toBe(422);
  });

  it('audit log: the filtered records past what the list pages, typed; as the list, Admins and up', async () => {
    const { app, admin, analyst } = await callers(suite);
    const entityId = `x${randomBytes(4).toString('hex')}`;
    await suite.sql(
      `INSERT INTO audit_log (at, actor_username, entity, entity_id, action)
       SELECT ('2026-02-0' || (g % 3 + 1) || 'T10:00:00Z')::timestamptz, 'admin', 'company', $1, CASE WHEN g % 2 = 0 THEN 'update' ELSE 'create' END
       FROM generate_series(1, 9) AS g`,
      [entityId],
    );
    const query = { entityId, action: 'create', at: '2026-02-02,2026-02-03' };
    const expected = await listed(app, admin, AUDIT, query);
    expect(expected.length).toBe(3);

    const file = await exported(app, admin, AUDIT, { format: 'xlsx', columns: columns('id', 'at', 'actorUsername', 'entity', 'entityId', 'action'), query });
    expect(file.types).toEqual(expected.map(() => ['int', 'datetime', 'str', 'str', 'str', 'str']));
    expect(file.values).toEqual(expected.map((record) => [Number(record.id), String(record.at).slice(0, 19), 'admin', 'company', entityId, 'create']));

    const badDay = await exportCall(app, admin, AUDIT, { format: 'csv', columns: columns('at'), query: { at: '2026-02-30,' } });
    expect(badDay.statusCode).toBe(422);
    expect((await exportCall(app, analyst, AUDIT, { format: 'csv', columns: columns('action') })).statusCode).toBe(403);
  });

  it('plugins: the tab and search the list shows, switches as booleans; every role, as the list', async () => {
    const { app, analyst } = await callers(suite);
    const query = { kind: 'source', q: 'price' };
    const expected = await listed(app, analyst, PLUGINS, query);
    expect(expected.length).toBeGreaterThan(0);
    const file = await exported(app, analyst, PLUGINS, { format: 'xlsx', columns: columns('id', 'kind', 'enabled', 'available', 'fits'), query });
    expect(file.types.map((types) => types.slice(0, 4))).toEqual(expected.map(() => ['str', 'str', 'bool', 'bool']));
    expect(file.values).toEqual(expected.map((plugin) => [plugin.id, 'source', plugin.enabled, plugin.available, (plugin.fits as string[]).join(', ') || null]));

    const every = await listed(app, analyst, PLUGINS, {});
    const chosen = [every[3], every[0]].map((plugin) => String(plugin?.id));
    const selected = await exported(app, analyst, PLUGINS, { format: 'xlsx', columns: columns('id'), ids: chosen });
    expect(selected.values).toEqual([[every[0]?.id], [every[3]?.id]]);
  });

  it('announcement feeds: the filtered feeds, typed, the last run as its outcome; every role reads, as the list', async () => {
    const { app, analyst, superAdmin } = await callers(suite);
    const tag = `Feed ${randomBytes(3).toString('hex')}`;
    await suite.sql(
      `INSERT INTO announcement_feeds (source, name, url, enabled, last_run_at)
       SELECT CASE WHEN g % 2 = 0 THEN 'BSE' ELSE 'NSE' END, $1 || ' ' || g, 'https://feeds.example/' || g, g <> 3, '2026-04-05T06:07:08Z'
       FROM generate_series(1, 4) AS g`,
      [tag],
    );
    const query = { q: tag.toLowerCase(), source: 'NSE', sort: 'name:desc' };
    const expected = await listed(app, analyst, FEEDS, query);
    expect(expected.map((feed) => feed.name)).toEqual([`${tag} 3`, `${tag} 1`]);
    const file = await exported(app, analyst, FEEDS, { format: 'xlsx', columns: columns('id', 'name', 'source', 'enabled', 'lastRunAt', 'lastRun'), query, timeZone: 'Asia/Kolkata' });
    expect(file.types).toEqual(expected.map(() => ['int', 'str', 'str', 'bool', 'datetime', 'NoneType']));
    // 06:07:08 UTC is 11:37:08 in India.
    expect(file.values).toEqual(expected.map((feed) => [feed.id, feed.name, 'NSE', feed.enabled, '2026-04-05T11:37:08', null]));
    expect(file.values.map((row) => row[3])).toEqual([false, true]);

    const selected = await exported(app, superAdmin, FEEDS, { format: 'xlsx', columns: columns('name'), query: { sort: 'name:asc' }, ids: expected.map((feed) => feed.id) });
    expect(selected.values).toEqual([[`${tag} 1`], [`${tag} 3`]]);
    const badSource = await exportCall(app, analyst, FEEDS, { format: 'csv', columns: columns('name'), query: { source: 'LSE' } });
    expect(badSource.statusCode).toBe(422);
  });

  it('announcements: the tab, search and order the list shows, the company by its name; every role, as the list', async () => {
    const { app, analyst } = await callers(suite);
    const tag = `Xa${randomBytes(3).toString('hex')}`;
    for (const [index, status] of (['needs_review', 'published', 'needs_review'] as const).entries()) {
      await insertAnnouncement(suite, { subject: `${tag} ${index}`, status, companyName: `Co ${index}`, critical: index === 0, ageMinutes: 10 + index });
    }
    // The Needs review tab, oldest first, as the list reads it.
    const query = { status: 'needs_review', q: tag };
    const expected = await listed(app, analyst, ANNOUNCEMENTS, query);
    expect(expected.map((row) => row.subject)).toEqual([`${tag} 2`, `${tag} 0`]);
    const file = await exported(app, analyst, ANNOUNCEMENTS, { format: 'xlsx', columns: columns('id', 'subject', 'companyId', 'status', 'disseminatedAt', 'critical'), query });
    expect(file.types).toEqual(expected.map(() => ['int', 'str', 'str', 'str', 'datetime', 'bool']));
    expect(file.values.map((row) => row.slice(0, 4))).toEqual(expected.map((row) => [row.id, row.subject, row.companyName, 'needs_review']));
    expect(file.values.map((row) => row[5])).toEqual([false, true]);

    const selected = await exported(app, analyst, ANNOUNCEMENTS, { format: 'xlsx', columns: columns('subject'), query: { q: tag }, ids: expected.map((row) => String(row.id)) });
    // Every status (the All tab) newest first, only the selection.
    expect(selected.values).toEqual([[`${tag} 0`], [`${tag} 2`]]);
  });
});
