import { expect, it } from 'vitest';
import { recordAudit } from '../../../server/src/lib/audit';
import { describeEachDatabase } from '../helper';
import { call, callers, createEnterprise } from './admin-helper';

describeEachDatabase('admin: audit log', (suite) => {
  it('lists newest first, a page at a time, filtered by entity, action, actor and days', async () => {
    const { app, superAdmin, admin, analyst } = await callers(suite);
    const enterprise = await createEnterprise(app, superAdmin);
    await call(app, superAdmin, 'POST', `/enterprises/${enterprise.id}/disable`);
    await app.db.transaction((tx) =>
      recordAudit(tx, { actor: null, entity: 'news', entityId: 'old-1', action: 'status', after: { newsStatus: 'APPROVED' } }),
    );
    await suite.sql(`UPDATE audit_log SET at = '2020-01-15T12:00:00Z' WHERE entity_id = 'old-1'`);

    const byEntity = await call(app, admin, 'GET', `/audit-log?entity=enterprise&entityId=${enterprise.id}`);
    expect(byEntity.statusCode).toBe(200);
    expect(byEntity.headers['x-total-count']).toBe('2');
    expect(byEntity.json()).toEqual([
      expect.objectContaining({ action: 'disable', actorUsername: 'superadmin', actorId: superAdmin.userId, before: expect.objectContaining({ isActive: true }), after: expect.objectContaining({ isActive: false }) }),
      expect.objectContaining({ action: 'create', before: null }),
    ]);
    const paged = await call(app, admin, 'GET', `/audit-log?entity=enterprise&entityId=${enterprise.id}&page=2&pageSize=1`);
    expect(paged.json()).toEqual([expect.objectContaining({ action: 'create' })]);

    const byActor = await call(app, admin, 'GET', '/audit-log?actor=SUPERADM&action=disable');
    expect(byActor.json<{ actorUsername: string }[]>().every((row) => row.actorUsername === 'superadmin')).toBe(true);
    expect(Number(byActor.headers['x-total-count'])).toBeGreaterThan(0);

    const byDay = await call(app, admin, 'GET', '/audit-log?dateFrom=2020-01-15&dateTo=2020-01-15');
    expect(byDay.json()).toEqual([expect.objectContaining({ entityId: 'old-1', actorUsername: null })]);
    expect((await call(app, admin, 'GET', '/audit-log?dateFrom=2020-01-16&dateTo=2020-01-16')).json()).toEqual([]);
    expect((await call(app, admin, 'GET', '/audit-log?dateFrom=15-01-2020')).statusCode).toBe(422);
    expect((await call(app, analyst, 'GET', '/audit-log')).statusCode).toBe(403);
  });

  it("takes the generic list's names: at=from,to (either end open), actorUsername, sort=field:dir", async () => {
    const { app, admin } = await callers(suite);
    await app.db.transaction((tx) =>
      recordAudit(tx, { actor: null, entity: 'news', entityId: 'range-1', action: 'status', after: { newsStatus: 'APPROVED' } }),
    );
    await suite.sql(`UPDATE audit_log SET at = '2019-03-10T23:59:59Z' WHERE entity_id = 'range-1'`);
    const inRange = await call(app, admin, 'GET', '/audit-log?at=2019-03-10,2019-03-10&entity=news');
    expect(inRange.statusCode, inRange.body).toBe(200);
    expect(inRange.json()).toEqual([expect.objectContaining({ entityId: 'range-1' })]);
    expect((await call(app, admin, 'GET', '/audit-log?at=2019-03-11,2019-03-31&entity=news')).json()).toEqual([]);
    // An open end: everything up to the day, or from it.
    expect((await call(app, admin, 'GET', '/audit-log?at=,2019-03-10&entityId=range-1')).json()).toHaveLength(1);
    expect((await call(app, admin, 'GET', '/audit-log?at=2019-03-11,&entityId=range-1')).json()).toEqual([]);
    expect((await call(app, admin, 'GET', '/audit-log?at=2019-03-10&entityId=range-1')).json()).toHaveLength(1);
    for (const bad of ['2019-02-30,', '10-03-2019,', '2019-13-01,2019-13-02']) {
      const refused = await call(app, admin, 'GET', `/audit-log?at=${bad}`);
      expect(refused.statusCode, bad).toBe(422);
    }
    const byName = await call(app, admin, 'GET', '/audit-log?actorUsername=SUPERADM&sort=at:desc&pageSize=5');
    expect(byName.statusCode).toBe(200);
    expect(byName.json<{ actorUsername: string }[]>().every((row) => row.actorUsername === 'superadmin')).toBe(true);
  });
});

describeEachDatabase('admin: audit log at scale', (suite) => {
  it('counts up to 10 000 and says the total is capped past it; pages stop at the cap', async () => {
    const { app, admin } = await callers(suite);
    await suite.sql(`INSERT INTO audit_log (actor_username, entity, entity_id, action, at)
      SELECT NULL, 'bulk', g::text, 'import', '2021-03-01T00:00:00Z'::timestamptz + g * interval '1 second' FROM generate_series(1, 10001) AS g`);
    const capped = await call(app, admin, 'GET', '/audit-log?entity=bulk&pageSize=20');
    expect(capped.headers['x-total-count']).toBe('10000');
    expect(capped.headers['x-total-capped']).toBe('true');
    expect(capped.headers['access-control-expose-headers']).toContain('x-total-capped');
    expect(capped.json<{ entityId: string }[]>()[0]?.entityId).toBe('10001');

    const lastPage = await call(app, admin, 'GET', '/audit-log?entity=bulk&page=500&pageSize=20');
    expect(lastPage.statusCode).toBe(200);
    expect(lastPage.json<{ entityId: string }[]>().map((row) => row.entityId)).toEqual(Array.from({ length: 20 }, (_, index) => String(21 - index)));
    const beyond = await call(app, admin, 'GET', '/audit-log?entity=bulk&page=501&pageSize=20');
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toMatchObject({ reasons: { page: { code: 'pageBeyondCap', params: { max: 500 } } } });

    const small = await call(app, admin, 'GET', '/audit-log?entity=bulk&entityId=17');
    expect(small.headers['x-total-count']).toBe('1');
    expect(small.headers['x-total-capped']).toBeUndefined();
  });

  it('orders by each sortable column with ties in time order, and merges the actors a name part matches', async () => {
    const { app, admin } = await callers(suite);
    const day = 'dateFrom=2022-05-01&dateTo=2022-05-01';
    await suite.sql(`INSERT INTO audit_log (actor_username, entity, entity_id, action, at)
      SELECT CASE WHEN g % 3 = 0 THEN 'superadmin' WHEN g % 3 = 1 THEN 'admin' ELSE NULL END, (ARRAY['news', 'company', 'user'])[1 + g % 3], g::text,
             (ARRAY['status', 'update'])[1 + g % 2], '2022-05-01T00:00:00Z'::timestamptz + (g % 7) * interval '1 minute'
      FROM generate_series(1, 60) AS g`);
    const all = await suite.sql<{ id: string; at: Date; entity: string; action: string; actor_username: string | null }>(
      `SELECT id::text AS id, at, entity, action, actor_username FROM audit_log WHERE at >= '2022-05-01T00:00:00Z' AND at < '2022-05-02T00:00:00Z'`,
    );
    const expected = (key: 'entity' | 'action' | 'actor_username', direction: 1 | -1, rows = all) =>
      [...rows]
        .sort((a, b) => {
          const [x, y] = [a[key], b[key]];
          const byKey = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
          return direction * (byKey || a.at.getTime() - b.at.getTime() || Number(a.id) - Number(b.id));
        })
        .map((row) => row.id);
    for (const [field, key] of [['entity', 'entity'], ['action', 'action'], ['actorUsername', 'actor_username']] as const) {
      for (const [direction, sign] of [['asc', 1], ['desc', -1]] as const) {
        const answer = await call(app, admin, 'GET', `/audit-log?sort=${field}:${direction}&pageSize=200&${day}`);
        expect(answer.json<{ id: string }[]>().map((row) => row.id), `${field}:${direction}`).toEqual(expected(key, sign));
      }
    }
    // "admin" is part of both admin and superadmin: each one's own index range, merged in time order.
    const byActor = all.filter((row) => row.actor_username?.includes('admin'));
    const newestFirst = [...byActor].sort((a, b) => b.at.getTime() - a.at.getTime() || Number(b.id) - Number(a.id)).map((row) => row.id);
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await call(app, admin, 'GET', `/audit-log?actor=ADMIN&page=${page}&pageSize=20&${day}`);
      expect(answer.headers['x-total-count']).toBe(String(byActor.length));
      pages.push(...answer.json<{ id: string }[]>().map((row) => row.id));
    }
    expect(pages).toEqual(newestFirst);
    const oldestFirst = await call(app, admin, 'GET', `/audit-log?actor=admin&sort=at:asc&page=2&pageSize=5&${day}`);
    expect(oldestFirst.json<{ id: string }[]>().map((row) => row.id)).toEqual([...newestFirst].reverse().slice(5, 10));
  });
});
