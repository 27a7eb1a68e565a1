import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { NewsApprovedEvent } from '../../../server/src/lib/domain-events';
import { describeEachDatabase, type SuiteContext } from '../helper';
import { get, insertCompany, insertNews, newsCallers, post } from './news-helper';

// News feeds on the generic pages: the list's generic parameters, one item by id, and the
// status as workflow transitions (one, bulk), with the legacy change-news-status beside them.

/** Each `news.approved` the listener saw, by item id, written in the emitting transaction (a rollback takes it back). */
function listenApproved(app: FastifyInstance): void {
  app.domainEvents.on('news.approved', async (tx, events: ReadonlyArray<NewsApprovedEvent>) => {
    for (const event of events) {
      await tx.query(`INSERT INTO audit_log (entity, entity_id, action, after) VALUES ('test-news-approved', $1, 'event', $2::jsonb)`, [event.newsItemId, JSON.stringify(event)]);
    }
  });
}

async function approvedEvents(suite: SuiteContext, id: string): Promise<number> {
  const rows = await suite.sql(`SELECT 1 FROM audit_log WHERE entity = 'test-news-approved' AND entity_id = $1`, [id]);
  return rows.length;
}

describeEachDatabase('news feeds on the generic pages', (suite) => {
  async function fixture(year: number) {
    const callers = await newsCallers(suite);
    listenApproved(callers.app);
    const a = await insertCompany(suite, `Gamma ${year}`);
    const b = await insertCompany(suite, `Delta ${year}`);
    const ids = {
      a1: await insertNews(suite, a, `${year}-05-01T00:00:00Z`, 'PENDING'),
      a2: await insertNews(suite, a, `${year}-05-02T12:00:00Z`, 'APPROVED'),
      b1: await insertNews(suite, b, `${year}-05-03T23:59:59Z`, 'PENDING', 'Wire item', 'news_wire'),
    };
    return { ...callers, a, b, ids };
  }
  const idsOf = (body: Array<{ newsItemId: string }>) => body.map((item) => item.newsItemId);

  it('lists with the generic parameters: companyId=a,b, publishedAt=from,to, sort by the company column', async () => {
    const { app, analyst, a, b, ids } = await fixture(2003);
    const both = await get(app, analyst, '/news', { companyId: `${a},${b}`, publishedAt: '2003-05-01,2003-05-03' });
    expect(both.statusCode).toBe(200);
    expect(idsOf(both.json())).toEqual([ids.b1, ids.a2, ids.a1]);
    expect(both.headers['x-total-count']).toBe('3');
    expect(both.json()[0]).toMatchObject({ newsItemId: ids.b1, tableName: 'news_wire', version: expect.any(Number) });

    // Either side of the range may be open; the days are whole and inclusive.
    expect(idsOf((await get(app, analyst, '/news', { companyId: `${a},${b}`, publishedAt: '2003-05-02,' })).json())).toEqual([ids.b1, ids.a2]);
    expect(idsOf((await get(app, analyst, '/news', { companyId: `${a},${b}`, publishedAt: ',2003-05-01' })).json())).toEqual([ids.a1]);
    // The tabs' filter is the field's own parameter.
    expect(idsOf((await get(app, analyst, '/news', { companyId: a, newsStatus: 'PENDING' })).json())).toEqual([ids.a1]);
    // The company column sorts by the name it shows: Delta before Gamma.
    expect(idsOf((await get(app, analyst, '/news', { companyId: `${a},${b}`, sort: 'companyId:asc' })).json())[0]).toBe(ids.b1);

    const reversed = await get(app, analyst, '/news', { companyId: a, publishedAt: '2003-05-03,2003-05-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toMatchObject({ publishedAt: expect.any(String) });
    expect((await get(app, analyst, '/news', { publishedAt: '2003-13-01,' })).statusCode).toBe(422);
  });

  it('reads one item by its id, bare, with its body and version; 404 for an unknown id', async () => {
    const { app, analyst, ids } = await fixture(2004);
    const one = await get(app, analyst, `/news/${ids.b1}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ newsItemId: ids.b1, tableName: 'news_wire', headline: 'Wire item', newsStatus: 'PENDING', comment: null, version: expect.any(Number) });
    expect(one.json().body).toContain('<p>Body');
    expect((await get(app, analyst, '/news/999999999999')).statusCode).toBe(404);
    expect((await get(app, analyst, '/news/abc')).statusCode).toBe(422);
  });

  it('approves one item: version checked, audited as the legacy route does, news.approved once', async () => {
    const { app, analyst, ids } = await fixture(2005);
    const item = (await get(app, analyst, `/news/${ids.a1}`)).json() as { version: number };

    const stale = await post(app, analyst, `/news/${ids.a1}/transitions/approve`, { version: item.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('staleEdit');

    const approved = await post(app, analyst, `/news/${ids.a1}/transitions/approve`, { version: item.version, comment: ' Checked ' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ newsItemId: ids.a1, newsStatus: 'APPROVED', comment: 'Checked', updatedBy: 'analyst' });
    expect(approved.json().version).not.toBe(item.version);
    expect(await approvedEvents(suite, ids.a1)).toBe(1);

    // From APPROVED, approve is not offered: 409, nothing emitted again.
    const again = await post(app, analyst, `/news/${ids.a1}/transitions/approve`, { version: approved.json().version });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('transitionNotAllowed');
    expect(await approvedEvents(suite, ids.a1)).toBe(1);

    const audit = await suite.sql<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'news' AND entity_id = $1 ORDER BY id`,
      [ids.a1],
    );
    expect(audit).toEqual([
      { action: 'approve', before: { tableName: 'news_feed', newsStatus: 'PENDING', comment: null }, after: { tableName: 'news_feed', newsStatus: 'APPROVED', comment: 'Checked' } },
    ]);

    // Reject, then reopen: each a move of its own; reopening emits nothing.
    const rejected = await post(app, analyst, `/news/${ids.a1}/transitions/reject`, { version: approved.json().version });
    expect(rejected.json()).toMatchObject({ newsStatus: 'REJECTED', comment: null });
    const reopened = await post(app, analyst, `/news/${ids.a1}/transitions/reopen`, { version: rejected.json().version });
    expect(reopened.json()).toMatchObject({ newsStatus: 'PENDING' });
    expect(await approvedEvents(suite, ids.a1)).toBe(1);
  });

  it('approves in bulk, each item answering for itself; the legacy route moves the version too', async () => {
    const { app, analyst, ids } = await fixture(2006);
    const version = async (id: string) => ((await get(app, analyst, `/news/${id}`)).json() as { version: number }).version;
    const [v1, v2, v3] = [await version(ids.a1), await version(ids.a2), await version(ids.b1)];

    const bulk = await post(app, analyst, '/news/transitions/approve', {
      items: [
        { id: ids.a1, version: v1 },
        { id: ids.a2, version: v2 },
        { id: ids.b1, version: v3 },
        { id: '999999999999', version: 1 },
      ],
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().results.map((row: { id: string; ok: boolean; code?: string }) => [row.id, row.ok, row.code])).toEqual([
      [ids.a1, true, undefined],
      [ids.a2, false, 'transitionNotAllowed'],
      [ids.b1, true, undefined],
      ['999999999999', false, 'newsNotFound'],
    ]);
    expect([await approvedEvents(suite, ids.a1), await approvedEvents(suite, ids.a2), await approvedEvents(suite, ids.b1)]).toEqual([1, 0, 1]);

    // change-news-status (API.md) stays, and a version read before it is stale after it.
    const before = await version(ids.b1);
    const legacy = await post(app, analyst, '/change-news-status', { items: [{ newsItemId: ids.b1, tableName: 'news_wire' }], newsStatus: 'REJECTED' });
    expect(legacy.json()).toEqual({ result: { updated: 1 } });
    const late = await post(app, analyst, `/news/${ids.b1}/transitions/reopen`, { version: before });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('staleEdit');
  });
});
