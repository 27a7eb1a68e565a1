import { expect, it } from 'vitest';
import { recordAudit } from '../../../server/src/services/audit';
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
});
