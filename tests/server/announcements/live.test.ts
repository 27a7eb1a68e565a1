import type { FastifyInstance } from 'fastify';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { ticketKey, signTicket } from '../../../server/src/lib/tickets.js';
import type { AnnouncementsEvent, AnnouncementStats, NoticeAnswer } from '../../../common/domains/announcements/model.js';
import { allAreasConfigFile } from '../admin/admin-helper.js';
import { API, createUser, describeEachDatabase, login, sealed, type Session, type SuiteContext } from '../helper.js';
import { until } from '../lib/jobs/jobs-helper.js';

// docs/announcements.md "Live", "Attachments", "Stats", "Staff notices", finview's source. Rows
// are written with plain SQL (or through an app's own db, for the two-instance case): the
// triggers of migration 017 are what the stream hears, whoever writes.

const BASE = `${API}/be-api-management/announcements`;

interface Caller {
  app: FastifyInstance;
  user: Session;
}

async function caller(suite: SuiteContext, config = allAreasConfigFile()): Promise<Caller> {
  const app = await suite.build({ APP_CONFIG: config });
  const made = await createUser(suite, app);
  return { app, user: await login(app, made.username, made.password) };
}

const call = ({ app, user }: Caller, method: 'GET' | 'POST', url: string) => sealed(app, user, { method, url: `${BASE}${url}` });

interface Stream {
  response: IncomingMessage;
  events: Array<AnnouncementsEvent & { at: number }>;
  text(): string;
  ended: Promise<void>;
}

/** Opens the stream on a listening app and collects its `announcements` events with their arrival time. */
async function openStream(target: Caller): Promise<Stream> {
  const ticket = await call(target, 'POST', '/events/ticket');
  expect(ticket.statusCode, ticket.body).toBe(200);
  const { url } = ticket.json<{ url: string }>();
  if (!target.app.server.listening) await target.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = target.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = get(`http://127.0.0.1:${port}${url}`, (response) => {
      const events: Stream['events'] = [];
      let text = '';
      const ended = new Promise<void>((done) => response.once('close', done));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        for (const block of chunk.split('\n\n')) {
          const data = /^event: announcements\ndata: (.*)$/m.exec(block);
          if (data) events.push({ ...(JSON.parse(data[1] as string) as AnnouncementsEvent), at: Date.now() });
        }
      });
      resolve({ response, events, text: () => text, ended });
    });
    request.on('error', reject);
  });
}

let sourceCounter = 0;
/** Inserts an announcement by SQL; returns its id. */
async function insertAnnouncement(run: (sql: string, params: unknown[]) => Promise<Array<{ id: number }>>, fields: Record<string, unknown> = {}): Promise<number> {
  sourceCounter += 1;
  const row = { source: 'BSE', source_id: `live-${Date.now()}-${sourceCounter}`, subject: `Subject ${sourceCounter}`, disseminated_at: new Date().toISOString(), ...fields };
  const columns = Object.keys(row);
  const rows = await run(`INSERT INTO announcements (${columns.join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id::int AS id`, Object.values(row));
  return rows[0]!.id;
}
const bySuite = (suite: SuiteContext) => (sql: string, params: unknown[]) => suite.sql<{ id: number }>(sql, params);
const byApp = (app: FastifyInstance) => async (sql: string, params: unknown[]) => (await app.db.query<{ id: number }>(sql, params)).rows;

/** The first event naming `id` (with `op`) heard after `since`; fails after 5 s. */
async function heard(stream: Stream, id: number, op: AnnouncementsEvent['op'], since: number) {
  const events = await until(
    async () => stream.events.filter((event) => event.op === op && event.ids.includes(id)),
    (found) => found.length > 0,
    5000,
    10,
  );
  return { event: events[0]!, latency: events[0]!.at - since };
}

async function company(suite: SuiteContext, name: string): Promise<number> {
  const [row] = await suite.sql<{ id: number }>(`INSERT INTO companies (comp_name, isin, sector) VALUES ($1, $2, 'Banks') RETURNING company_id::int AS id`, [
    name,
    `IN${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
  ]);
  return row!.id;
}

describeEachDatabase('announcements live stream', (suite) => {
  it('pushes an insert, an update and lock changes within a second, as one event per statement', async () => {
    const target = await caller(suite);
    const stream = await openStream(target);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.response.headers['x-content-type-options']).toBe('nosniff');

    let start = Date.now();
    const id = await insertAnnouncement(bySuite(suite));
    const inserted = await heard(stream, id, 'insert', start);
    expect(inserted.event).toMatchObject({ op: 'insert', ids: [id], count: 1 });
    expect(inserted.latency).toBeLessThan(1000);

    start = Date.now();
    await suite.sql(`UPDATE announcements SET subject = 'Changed' WHERE id = $1`, [id]);
    expect((await heard(stream, id, 'update', start)).latency).toBeLessThan(1000);

    // A feed run's many rows are one statement: one event, its ids listed (up to 500) and counted.
    start = Date.now();
    const many = await suite.sql<{ id: number }>(
      `INSERT INTO announcements (source, source_id, subject, disseminated_at)
       SELECT 'NSE', 'bulk-' || $1 || '-' || g, 'Bulk ' || g, now() FROM generate_series(1, 600) AS g RETURNING id::int AS id`,
      [Date.now()],
    );
    const bulk = await heard(stream, many[0]!.id, 'insert', start);
    expect([bulk.event.count, bulk.event.ids.length]).toEqual([600, 500]);
    expect(stream.events.filter((event) => event.count === 600)).toHaveLength(1);

    const [user] = await suite.sql<{ id: number; username: string }>(`SELECT id::int AS id, username FROM users WHERE username = $1`, [target.user.username]);
    start = Date.now();
    await suite.sql(`INSERT INTO announcement_locks (announcement_id, user_id, username, expires_at) VALUES ($1, $2, $3, now() + interval '90 seconds')`, [id, user!.id, user!.username]);
    const locked = await heard(stream, id, 'lock', start);
    expect(locked.latency).toBeLessThan(1000);
    expect(locked.event).toMatchObject({ ids: [id], count: 1, lockedBy: { id: user!.id, username: user!.username } });
    expect(new Date(locked.event.expiresAt as string).toISOString()).toBe(locked.event.expiresAt);
    start = Date.now();
    await suite.sql('DELETE FROM announcement_locks WHERE announcement_id = $1', [id]);
    await until(async () => stream.events.filter((event) => event.op === 'lock' && event.lockedBy === null), (found) => found.length === 1, 5000, 10);

    expect(stream.text()).toMatch(/^retry: 3000\n\n/);
    stream.response.destroy();
  });

  it("pushes one instance's writes to another instance's streams, both ways", async () => {
    // On PostgreSQL two instances hear each other through LISTEN on their own connections; on
    // PGlite (one process, one database) both apps listen on the same database.
    const [a, b] = [await caller(suite), await caller(suite)];
    const [onA, onB] = [await openStream(a), await openStream(b)];
    let start = Date.now();
    const fromA = await insertAnnouncement(byApp(a.app));
    expect((await heard(onB, fromA, 'insert', start)).latency).toBeLessThan(1000);
    expect((await heard(onA, fromA, 'insert', start)).latency).toBeLessThan(1000);
    start = Date.now();
    const fromB = await insertAnnouncement(byApp(b.app));
    expect((await heard(onA, fromB, 'insert', start)).latency).toBeLessThan(1000);
    // Written inside a transaction: heard once it commits.
    start = Date.now();
    await b.app.db.transaction((tx) => tx.query(`UPDATE announcements SET critical = true WHERE id = $1`, [fromA]));
    expect((await heard(onA, fromA, 'update', start)).latency).toBeLessThan(1000);
    onA.response.destroy();
    onB.response.destroy();
  });

  it('refuses forged (404) and expired (401) tickets, and ends the stream once its session signs out', async () => {
    const target = await caller(suite);
    const forged = await target.app.inject({ method: 'GET', url: `${BASE}/events?ticket=e.1.2.abc` });
    expect(forged.statusCode).toBe(404);
    const [session] = await suite.sql<{ id: string }>('SELECT id::text AS id FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [target.user.userId]);
    const expired = signTicket(ticketKey(target.app, 'announcements-tickets:1'), 'e', [session!.id], Math.floor(Date.now() / 1000) - 1);
    const late = await target.app.inject({ method: 'GET', url: `${BASE}/events?ticket=${expired}` });
    expect([late.statusCode, late.json().code]).toEqual([401, 'announcementLinkExpired']);
    // A ticket of finview's key is not one of ours.
    const foreign = signTicket(ticketKey(target.app, 'finview-tickets:1'), 'e', [session!.id], Math.floor(Date.now() / 1000) + 60);
    expect((await target.app.inject({ method: 'GET', url: `${BASE}/events?ticket=${foreign}` })).statusCode).toBe(404);

    const stream = await openStream(target);
    const logout = await sealed(target.app, target.user, { method: 'POST', url: `${API}/logout` });
    expect(logout.statusCode).toBeLessThan(300);
    // The stream trusts a session check for a second; the next event after that checks again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const id = await insertAnnouncement(bySuite(suite));
    await expect(Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('open'), 3000))])).resolves.toBe('ended');
    expect(stream.events.some((event) => event.ids.includes(id))).toBe(false);
  });

  it('answers 404 while the announcements area is off', async () => {
    const off = await caller(suite, 'config/app.json');
    for (const url of ['/events/ticket', '/1/attachment']) expect((await call(off, 'POST', url)).statusCode).toBe(404);
    for (const url of ['/stats', '/notices/current']) expect((await call(off, 'GET', url)).statusCode).toBe(404);
  });
});

describeEachDatabase('announcements attachments, stats, notices and the finview source', (suite) => {
  it('serves a stored PDF inline by ticket with ranges (206, 416), and refuses what has none', async () => {
    const target = await caller(suite);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 'x'), Buffer.from('\n%%EOF\n')]);
    const stored = await target.app.db.transaction((tx) => target.app.blobs.put(tx, pdf, { contentType: 'application/pdf', filename: 'Board outcome.pdf' }));
    const withPdf = await insertAnnouncement(bySuite(suite), { attachment_blob_id: stored.id });
    const without = await insertAnnouncement(bySuite(suite));

    const none = await call(target, 'POST', `/${without}/attachment`);
    expect([none.statusCode, none.json().code]).toEqual([404, 'announcementNoAttachment']);
    const missing = await call(target, 'POST', '/999999999/attachment');
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'announcementNotFound']);
    expect((await call(target, 'POST', '/1e30/attachment')).statusCode).toBe(422);

    const link = await call(target, 'POST', `/${withPdf}/attachment`);
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<{ url: string }>();
    expect(url).toMatch(/^\/backoffice\/api\/be-api-management\/announcements\/attachment\/a\./);
    const whole = await target.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'accept-ranges': 'bytes', 'content-length': String(pdf.length) });
    expect(whole.headers['content-disposition']).toMatch(/^inline; filename="Board outcome.pdf"/);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const part = await target.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-4' } });
    expect([part.statusCode, part.headers['content-range'], part.body]).toEqual([206, `bytes 0-4/${pdf.length}`, '%PDF-']);
    const tail = await target.app.inject({ method: 'GET', url, headers: { range: 'bytes=-7' } });
    expect([tail.statusCode, tail.body]).toEqual([206, '\n%%EOF\n']);
    const beyond = await target.app.inject({ method: 'GET', url, headers: { range: `bytes=${pdf.length}-` } });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${pdf.length}`]);

    const forged = await target.app.inject({ method: 'GET', url: url.replace(`/a.${withPdf}.`, `/a.${without}.`) });
    expect(forged.statusCode).toBe(404);
    // The PDF went (the row kept its link to nothing): 404 announcementNoAttachment.
    await suite.sql('UPDATE announcements SET attachment_blob_id = NULL WHERE id = $1', [withPdf]);
    const gone = await target.app.inject({ method: 'GET', url });
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'announcementNoAttachment']);
    await suite.sql('UPDATE announcements SET attachment_blob_id = $2 WHERE id = $1', [withPdf, stored.id]);

    await sealed(target.app, target.user, { method: 'POST', url: `${API}/logout` });
    const signedOut = await target.app.inject({ method: 'GET', url });
    expect([signedOut.statusCode, signedOut.json().code]).toEqual([401, 'announcementLinkExpired']);
  });

  it('counts the queue, its oldest, the unmatched and the last day’s latency percentiles', async () => {
    const target = await caller(suite);
    await suite.sql('DELETE FROM announcements');
    const empty = await call(target, 'GET', '/stats');
    expect(empty.json<AnnouncementStats>()).toEqual({ queue: 0, oldestAgeSeconds: null, unmatched: 0, latency: { count: 0, p50Seconds: null, p95Seconds: null } });

    const companyId = await company(suite, 'Stats Bank');
    const insert = bySuite(suite);
    await insertAnnouncement(insert, { status: 'needs_review', company_id: companyId, disseminated_at: new Date(Date.now() - 7200_000).toISOString() });
    await insertAnnouncement(insert, { status: 'ingested', disseminated_at: new Date(Date.now() - 600_000).toISOString() });
    await insertAnnouncement(insert, { status: 'needs_review', disseminated_at: new Date(Date.now() - 60_000).toISOString() });
    // Published within the last day 60, 120, 180, 240 and 300 s after dissemination; one older.
    for (const seconds of [60, 120, 180, 240, 300]) {
      const published = new Date(Date.now() - 3600_000);
      await insertAnnouncement(insert, { status: 'published', company_id: companyId, published_at: published.toISOString(), disseminated_at: new Date(published.getTime() - seconds * 1000).toISOString() });
    }
    await insertAnnouncement(insert, { status: 'published', published_at: new Date(Date.now() - 30 * 3600_000).toISOString(), disseminated_at: new Date(Date.now() - 40 * 3600_000).toISOString() });
    await insertAnnouncement(insert, { status: 'suppressed', suppress_reason: 'irrelevant' });

    const stats = (await call(target, 'GET', '/stats')).json<AnnouncementStats>();
    expect(stats).toMatchObject({ queue: 3, unmatched: 2, latency: { count: 5, p50Seconds: 180 } });
    expect(stats.oldestAgeSeconds).toBeGreaterThanOrEqual(7200);
    expect(stats.oldestAgeSeconds).toBeLessThan(7260);
    // percentile_cont interpolates: 0.95 of the way along five values is 240 + 0.8 × 60.
    expect(stats.latency.p95Seconds).toBeCloseTo(288, 6);
  });

  it('lists the staff notices showing now, critical first, then the newest', async () => {
    const target = await caller(suite);
    await suite.sql('DELETE FROM staff_notices');
    const notice = (title: string, severity: string, startsMinutes: number, expiresMinutes: number) =>
      suite.sql(`INSERT INTO staff_notices (title, severity, starts_at, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3), now() + make_interval(mins => $4))`, [
        title,
        severity,
        startsMinutes,
        expiresMinutes,
      ]);
    await notice('old info', 'info', -120, 60);
    await notice('critical', 'critical', -60, 60);
    await notice('new warning', 'warning', -10, 60);
    await notice('new info', 'info', -5, 60);
    await notice('not yet', 'critical', 10, 60);
    await notice('over', 'critical', -60, -1);
    const current = await call(target, 'GET', '/notices/current');
    expect(current.statusCode, current.body).toBe(200);
    const notices = current.json<NoticeAnswer[]>();
    expect(notices.map((row) => row.title)).toEqual(['critical', 'new info', 'new warning', 'old info']);
    expect(notices[0]).toMatchObject({ severity: 'critical', body: '', startsAt: expect.stringMatching(/Z$/), expiresAt: expect.stringMatching(/Z$/) });
  });

  it("gives finview's announcements source the published ones, newest first", async () => {
    const target = await caller(suite);
    const [first, second] = [await company(suite, 'Source Bank'), await company(suite, 'Other Source Ltd')];
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const insert = bySuite(suite);
    const published = (companyId: number | null, subject: string, minutesAgo: number, critical = false) =>
      insertAnnouncement(insert, { status: 'published', company_id: companyId, company_name: 'As filed Ltd', subject, critical, disseminated_at: at(minutesAgo).toISOString(), published_at: at(minutesAgo - 1).toISOString() });
    await published(first, 'Board outcome', 30, true);
    await published(first, 'Dividend', 20);
    await published(second, 'Results', 10);
    await published(null, 'Unmatched filing', 5);
    await insertAnnouncement(insert, { status: 'needs_review', company_id: first, subject: 'Still in review' });
    await insertAnnouncement(insert, { status: 'retracted', company_id: first, subject: 'Retracted', published_at: at(1).toISOString(), disseminated_at: at(2).toISOString() });
    const time = (minutesAgo: number) => at(minutesAgo).toISOString().slice(0, 16).replace('T', ' ');

    const sample = (args: Record<string, unknown>) => sealed(target.app, target.user, { method: 'POST', url: `${API}/be-api-management/finview/plugins/announcements/sample`, payload: { args } });
    const mine = await sample({ companyId: first });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual({
      shape: 'rows',
      columns: ['Time', 'Company', 'Subject'],
      rows: [
        [time(20), 'Source Bank', 'Dividend'],
        [time(30), 'Source Bank', 'Board outcome'],
      ],
    });
    expect((await sample({ companyId: first, critical: true })).json().data.rows).toEqual([[time(30), 'Source Bank', 'Board outcome']]);
    const latest = (await sample({ limit: 2 })).json().data.rows as string[][];
    expect(latest).toEqual([
      [time(5), 'As filed Ltd', 'Unmatched filing'],
      [time(10), 'Other Source Ltd', 'Results'],
    ]);
    const capped = await sample({ limit: 51 });
    expect(capped.json().reasons).toEqual({ args: { code: 'tooLarge', params: { limit: 50, arg: 'limit' } } });
    const unknown = await sample({ companyId: 999999999 });
    expect(unknown.json().reasons).toEqual({ args: { code: 'companyMissing', params: { arg: 'companyId' } } });
  });
});
