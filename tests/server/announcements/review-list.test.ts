import { expect, it } from 'vitest';
import { TOTAL_CAP, type AnnouncementAnswer, type AnnouncementDetail } from '../../../common/domains/announcements/model.js';
import { describeEachDatabase } from '../helper';
import { insertAnnouncement, insertGroup, insertTestCompany, review, reviewers } from './review-helper';

const ids = (rows: AnnouncementAnswer[]) => rows.map((row) => row.id);

describeEachDatabase('announcements review list', (suite) => {
  // The first test builds the suite's first app (PGlite migrates from nothing): slow on a busy machine.
  it('lists the queue oldest first, each status tab newest first, every status without one, with lock and group size', { timeout: 120_000 }, async () => {
    const { app, analyst, admin } = await reviewers(suite);
    await suite.sql('DELETE FROM announcements');
    const older = await insertAnnouncement(suite, { ageMinutes: 30 });
    const newer = await insertAnnouncement(suite, { ageMinutes: 5, status: 'ingested' });
    const published = [await insertAnnouncement(suite, { status: 'published', ageMinutes: 50 }), await insertAnnouncement(suite, { status: 'published', ageMinutes: 40 })];
    const suppressed = await insertAnnouncement(suite, { status: 'suppressed' });
    const retracted = await insertAnnouncement(suite, { status: 'retracted' });
    const group = await insertGroup(suite, 3);

    const queue = await review(app, analyst, 'GET', '', undefined, { status: 'queue' });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(ids(queue.json())).toEqual([...group, older, newer]);
    expect(queue.headers['x-total-count']).toBe('5');
    expect(queue.headers['x-next-cursor']).toBeUndefined();
    expect(queue.headers['x-total-capped']).toBeUndefined();
    expect(queue.json<AnnouncementAnswer[]>().map((row) => row.groupSize)).toEqual([3, 3, 3, 1, 1]);

    const tab = async (status: string) => ids((await review(app, analyst, 'GET', '', undefined, { status })).json());
    expect(await tab('published')).toEqual([...published].reverse());
    expect(await tab('suppressed')).toEqual([suppressed]);
    expect(await tab('retracted')).toEqual([retracted]);
    expect(await tab('ingested')).toEqual([newer]);
    expect((await tab('all')).length).toBe(9);
    // No status is every status (the generic list's "All" tab), newest first; a queue state's tab is oldest first.
    expect(ids((await review(app, analyst, 'GET')).json()).length).toBe(9);
    expect(await tab('needs_review')).toEqual([...group, older]);
    const ascending = await review(app, analyst, 'GET', '', undefined, { status: 'published', sort: 'disseminatedAt:asc' });
    expect(ids(ascending.json())).toEqual(published);

    // A lock shows on the row while it lives; an expired one is no lock.
    expect((await review(app, admin, 'POST', `/${older}/lock`, {})).statusCode).toBe(200);
    const locked = (await review(app, analyst, 'GET', '', undefined, { status: 'queue' })).json<AnnouncementAnswer[]>().find((row) => row.id === older);
    expect(locked?.lock).toMatchObject({ user: { username: 'admin' } });
    await suite.sql(`UPDATE announcement_locks SET expires_at = now() - interval '1 second'`);
    const expired = (await review(app, analyst, 'GET', '', undefined, { status: 'queue' })).json<AnnouncementAnswer[]>().find((row) => row.id === older);
    expect(expired?.lock).toBeNull();
  });

  it('answers the generic list too: numbered pages, sources as a,b and disseminatedAt as from,to', async () => {
    const { app, analyst } = await reviewers(suite);
    await suite.sql('DELETE FROM announcements');
    const oldest = await insertAnnouncement(suite, { source: 'BSE', ageMinutes: 300 });
    const middle = await insertAnnouncement(suite, { source: 'NSE', ageMinutes: 200 });
    const newest = await insertAnnouncement(suite, { source: 'manual', ageMinutes: 100 });
    const list = async (query: Record<string, string>) => {
      // The queue's order (oldest first): without a status the list is every status, newest first.
      const response = await review(app, analyst, 'GET', '', undefined, { status: 'queue', ...query });
      expect(response.statusCode, response.body).toBe(200);
      return { ids: ids(response.json()), total: response.headers['x-total-count'] };
    };
    expect(await list({ page: '1', pageSize: '2' })).toEqual({ ids: [oldest, middle], total: '3' });
    expect(await list({ page: '2', pageSize: '2' })).toEqual({ ids: [newest], total: '3' });
    expect(await list({ page: '2', pageSize: '1', sort: 'disseminatedAt:desc' })).toEqual({ ids: [middle], total: '3' });
    expect(await list({ source: 'BSE,manual' })).toEqual({ ids: [oldest, newest], total: '2' });
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    expect(await list({ disseminatedAt: `${at(250)},${at(150)}` })).toEqual({ ids: [middle], total: '1' });
    expect(await list({ disseminatedAt: `${at(150)},` })).toEqual({ ids: [newest], total: '1' });
    expect((await review(app, analyst, 'GET', '', undefined, { source: 'BSE,rss' })).statusCode).toBe(422);
    expect((await review(app, analyst, 'GET', '', undefined, { disseminatedAt: 'yesterday,' })).statusCode).toBe(422);
  });

  it('filters by source, category, company, unmatched, critical, text and time', async () => {
    const { app, analyst } = await reviewers(suite);
    await suite.sql('DELETE FROM announcements');
    const company = await insertTestCompany(suite, 'Zephyr Turbines Ltd');
    const [category] = await suite.sql<{ id: number }>(`INSERT INTO announcement_categories (name) VALUES ('Results ' || gen_random_uuid()) RETURNING id::int AS id`);
    const bse = await insertAnnouncement(suite, { source: 'BSE', companyId: company, companyName: 'ZEPHYR TURBINES LTD', subject: 'Outcome of Board Meeting', ageMinutes: 100 });
    const nse = await insertAnnouncement(suite, { source: 'NSE', subject: 'Dividend 50%_off', critical: true, categoryId: category?.id ?? null, ageMinutes: 50 });
    const manual = await insertAnnouncement(suite, { source: 'manual', companyName: 'Acme Widgets', summary: 'quarterly RESULTS inside', ageMinutes: 10 });
    const list = async (query: Record<string, string>) => {
      // The queue's order (oldest first): without a status the list is every status, newest first.
      const response = await review(app, analyst, 'GET', '', undefined, { status: 'queue', ...query });
      expect(response.statusCode, response.body).toBe(200);
      return ids(response.json());
    };
    expect(await list({ source: 'NSE' })).toEqual([nse]);
    expect(await list({ categoryId: String(category?.id) })).toEqual([nse]);
    expect(await list({ companyId: String(company) })).toEqual([bse]);
    expect(await list({ unmatched: 'true' })).toEqual([nse, manual]);
    expect(await list({ critical: 'true' })).toEqual([nse]);
    expect(await list({ q: 'board' })).toEqual([bse]);
    expect(await list({ q: 'zephyr' })).toEqual([bse]);
    expect(await list({ q: 'results' })).toEqual([manual]);
    expect(await list({ q: 'acme' })).toEqual([manual]);
    // % and _ are plain characters.
    expect(await list({ q: '%_off' })).toEqual([nse]);
    expect(await list({ q: '_' })).toEqual([nse]);
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    expect(await list({ from: at(60), to: at(5) })).toEqual([nse, manual]);
    expect(await list({ to: at(60) })).toEqual([bse]);
  });

  it('pages by cursor: every row once, in order, in both directions; a forged cursor is a 422', async () => {
    const { app, analyst } = await reviewers(suite);
    await suite.sql('DELETE FROM announcements');
    // Ties on the time: the id breaks them.
    await suite.sql(
      `INSERT INTO announcements (source, source_id, subject, status, published_at, disseminated_at)
       SELECT 'BSE', 'p' || n, 'Row ' || n, CASE WHEN n % 3 = 0 THEN 'needs_review' ELSE 'published' END,
         CASE WHEN n % 3 = 0 THEN NULL ELSE now() END, timestamptz '2026-01-01 10:00:00.123456+00' + (n / 4) * interval '1 minute'
       FROM generate_series(1, 57) AS n`,
    );
    for (const [status, expected] of [['all', 57], ['published', 38], ['queue', 19]] as const) {
      for (const sort of ['disseminatedAt:asc', 'disseminatedAt:desc']) {
        const seen: AnnouncementAnswer[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const response = await review(app, analyst, 'GET', '', undefined, { status, sort, pageSize: '7', ...(cursor ? { cursor } : {}) });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.headers['x-total-count']).toBe(String(expected));
          seen.push(...response.json<AnnouncementAnswer[]>());
          cursor = response.headers['x-next-cursor'] as string | undefined;
          pages += 1;
        } while (cursor && pages < 50);
        expect(seen.length).toBe(expected);
        expect(new Set(ids(seen)).size).toBe(expected);
        const keys = seen.map((row) => `${row.disseminatedAt}|${String(row.id).padStart(10, '0')}`);
        const sorted = [...keys].sort();
        expect(keys).toEqual(sort.endsWith('asc') ? sorted : sorted.reverse());
      }
    }
    for (const cursor of ['garbage', Buffer.from('["2026-01-01",1]').toString('base64url'), Buffer.from('["2026-01-01T00:00:00.000000Z",-1]').toString('base64url')]) {
      const response = await review(app, analyst, 'GET', '', undefined, { cursor });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'validation', reasons: { cursor: { code: 'invalid' } } });
    }
  });

  it('caps the total at TOTAL_CAP and says so', async () => {
    const { app, analyst } = await reviewers(suite);
    await suite.sql('DELETE FROM announcements');
    await suite.sql(
      `INSERT INTO announcements (source, source_id, subject, disseminated_at)
       SELECT 'NSE', 'c' || n, 'Row ' || n, now() - n * interval '1 second' FROM generate_series(1, ${TOTAL_CAP + 5}) AS n`,
    );
    const response = await review(app, analyst, 'GET', '', undefined, { pageSize: '100' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(TOTAL_CAP));
    expect(response.headers['x-total-capped']).toBe('true');
    expect(response.json<AnnouncementAnswer[]>().length).toBe(100);
    expect(String(response.headers['access-control-expose-headers'])).toContain('x-next-cursor');
  });

  it('answers one announcement with its group, 404 for none; companies to link by prefix, contains, ISIN or ticker', async () => {
    const { app, analyst } = await reviewers(suite);
    const group = await insertGroup(suite, 3);
    const one = await review(app, analyst, 'GET', `/${group[1]}`);
    expect(one.statusCode).toBe(200);
    const detail = one.json<AnnouncementDetail>();
    expect(detail).toMatchObject({ id: group[1], groupId: group[0], groupSize: 3, status: 'needs_review', lock: null, company: null });
    expect(ids(detail.members)).toEqual([group[0], group[2]]);
    const missing = await review(app, analyst, 'GET', '/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'announcementNotFound' });

    const tag = `Q${Date.now().toString(36).toUpperCase()}`;
    const prefix = await insertTestCompany(suite, `${tag} Prefix Ltd`);
    const contains = await insertTestCompany(suite, `Alpha ${tag} Ltd`);
    const byTicker = await insertTestCompany(suite, 'Ticker Holder Ltd', tag);
    const choices = await review(app, analyst, 'GET', '/companies', undefined, { q: tag.toLowerCase() });
    expect(choices.statusCode).toBe(200);
    expect(choices.json<{ id: number }[]>().map((row) => row.id)).toEqual([byTicker, prefix, contains]);
    const all = await review(app, analyst, 'GET', '/companies');
    expect(all.json<unknown[]>().length).toBeLessThanOrEqual(20);
  });
});
