import { expect, it } from 'vitest';
import { API, createUser, describeEachDatabase, login, sealed, uniqueName } from '../helper';
import { call, callers, createEnterprise, newUserBody } from './admin-helper';

// The users list as the generic list asks for it, and approve / disable / enable as the users
// workflow's transitions (POST …/users/:id/transitions/{name}, bulk POST …/users/transitions/{name}):
// the same rules as the older routes (who may be touched, the last Super Admin, sessions ended).

interface UserRow {
  id: string;
  username: string;
  status: string;
  role: number;
  version: number;
  enterpriseName: string | null;
}

describeEachDatabase('admin: users on the generic list and workflow', (suite) => {
  const one = async (app: Parameters<typeof call>[0], session: Parameters<typeof call>[1], id: string) =>
    (await call(app, session, 'GET', `/users/${id}`)).json<UserRow>();

  it('filters by several enterprises (a,b), sorts by the enterprise column and answers each row with its version', async () => {
    const { app, admin, superAdmin } = await callers(suite);
    const marker = uniqueName('m');
    const [first, second, third] = [await createEnterprise(app, superAdmin), await createEnterprise(app, superAdmin), await createEnterprise(app, superAdmin)];
    for (const enterprise of [first, second, third]) {
      const created = await call(app, admin, 'POST', '/users', newUserBody({ name: `${marker} ${enterprise.name}`, enterpriseId: enterprise.id }));
      expect(created.statusCode, created.body).toBe(201);
    }
    const both = await call(app, admin, 'GET', `/users?q=${marker}&enterpriseId=${first.id},${second.id}&sort=enterpriseId:desc`);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.headers['x-total-count']).toBe('2');
    const names = [first.name, second.name].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1));
    expect(both.json<UserRow[]>().map((user) => user.enterpriseName)).toEqual(names);
    expect(both.json<UserRow[]>().every((user) => Number.isInteger(user.version) && user.version >= 1)).toBe(true);
    expect((await call(app, admin, 'GET', `/users?enterpriseId=${first.id},x`)).statusCode).toBe(422);
  });

  it('approves through the transition route, audited as approve; a stale version or another state is refused', async () => {
    const { app, admin } = await callers(suite);
    // A self-registration, still pending.
    const { username, userId: id } = await createUser(suite, app);
    await suite.sql(`UPDATE users SET status = 'pending' WHERE id = $1`, [id]);
    const before = await one(app, admin, id);
    expect(before.status).toBe('pending');

    const stale = await call(app, admin, 'POST', `/users/${id}/transitions/approve`, { version: before.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('staleEdit');

    // Any write moves the version, whoever makes it (migration 022's trigger): here a tool's.
    await suite.sql(`UPDATE users SET name = name WHERE id = $1`, [id]);
    const moved = await call(app, admin, 'POST', `/users/${id}/transitions/approve`, { version: before.version });
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'staleEdit']);
    const current = await one(app, admin, id);
    expect(current.version).toBe(before.version + 1);

    const approved = await call(app, admin, 'POST', `/users/${id}/transitions/approve`, { version: current.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'active' });
    expect(approved.json().version).not.toBe(before.version);
    await expect(login(app, username, 'Secret123')).resolves.toBeTruthy();

    const again = await call(app, admin, 'POST', `/users/${id}/transitions/approve`, { version: approved.json().version });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('transitionNotAllowed');

    const audit = await suite.sql<{ actor_username: string | null; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> }>(
      `SELECT actor_username, action, before, after FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.map((row) => [row.actor_username, row.action])).toEqual([
      [null, 'register'],
      ['admin', 'approve'],
    ]);
    expect(audit[1]?.before).toMatchObject({ status: 'pending', username });
    expect(audit[1]?.after).toMatchObject({ status: 'active', username });
    // The version is the row's check number, not part of what the log keeps.
    expect(audit[1]?.after).not.toHaveProperty('version');
  });

  it("disable ends the user's sessions and enable lets them back in; an analyst may not; an Admin never touches a Super Admin", async () => {
    const { app, admin, analyst, superAdmin } = await callers(suite);
    const target = await createUser(suite, app);
    const session = await login(app, target.username, target.password);

    const refused = await call(app, analyst, 'POST', `/users/${target.userId}/transitions/disable`, { version: (await one(app, admin, target.userId)).version });
    expect(refused.statusCode).toBe(403);

    const disabled = await call(app, admin, 'POST', `/users/${target.userId}/transitions/disable`, { version: (await one(app, admin, target.userId)).version });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().status).toBe('disabled');
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(401);
    const live = await suite.sql<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [target.userId]);
    expect(live[0]?.n).toBe(0);

    const enabled = await call(app, admin, 'POST', `/users/${target.userId}/transitions/enable`, { version: disabled.json().version });
    expect(enabled.json().status).toBe('active');
    await expect(login(app, target.username, target.password)).resolves.toBeTruthy();

    const superTarget = await createUser(suite, app, { role: 0 });
    const superRow = await one(app, superAdmin, superTarget.userId);
    const touched = await call(app, admin, 'POST', `/users/${superTarget.userId}/transitions/disable`, { version: superRow.version });
    expect(touched.statusCode).toBe(403);
    expect(touched.json().code).toBe('superAdminOnly');
    expect(await suite.sql(`SELECT status FROM users WHERE id = $1`, [superTarget.userId])).toEqual([{ status: 'active' }]);
    await suite.sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [superTarget.userId]);
  });

  it('never disables the last active Super Admin; one may disable oneself otherwise', async () => {
    const { app, superAdmin, admin } = await callers(suite);
    await suite.sql(`UPDATE users SET status = 'disabled' WHERE role = 0 AND username <> 'superadmin'`);
    const self = await one(app, superAdmin, superAdmin.userId);
    const last = await call(app, superAdmin, 'POST', `/users/${superAdmin.userId}/transitions/disable`, { version: self.version });
    expect(last.statusCode).toBe(422);
    expect(last.json().code).toBe('lastSuperAdmin');
    expect(await suite.sql(`SELECT status FROM users WHERE id = $1`, [superAdmin.userId])).toEqual([{ status: 'active' }]);

    // An Admin disabling their own account is taken (the page warns that it signs them out).
    const own = await createUser(suite, app, { role: 1 });
    const ownSession = await login(app, own.username, own.password);
    const ownRow = await one(app, admin, own.userId);
    const disabled = await call(app, ownSession, 'POST', `/users/${own.userId}/transitions/disable`, { version: ownRow.version });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await sealed(app, ownSession, { method: 'GET', url: `${API}/me` })).statusCode).toBe(401);
  });

  it('approves many at once, each row answering for itself', async () => {
    const { app, admin } = await callers(suite);
    const pendingIds: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const { userId } = await createUser(suite, app);
      await suite.sql(`UPDATE users SET status = 'pending' WHERE id = $1`, [userId]);
      pendingIds.push(userId);
    }
    const active = await createUser(suite, app);
    const items = await Promise.all([...pendingIds, active.userId].map(async (id) => ({ id, version: (await one(app, admin, id)).version })));
    const bulk = await call(app, admin, 'POST', '/users/transitions/approve', { items });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const results = bulk.json<{ results: Array<{ id: string; ok: boolean; code?: string }> }>().results;
    expect(results.map((row) => [row.id, row.ok, row.code])).toEqual([
      [pendingIds[0], true, undefined],
      [pendingIds[1], true, undefined],
      [active.userId, false, 'transitionNotAllowed'],
    ]);
    const statuses = await suite.sql<{ status: string }>(`SELECT status FROM users WHERE id = ANY($1::bigint[]) ORDER BY id`, [pendingIds]);
    expect(statuses).toEqual([{ status: 'active' }, { status: 'active' }]);
  });
});
