import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueName } from '../helper';
import { call, callers, createEnterprise } from './admin-helper';

describeEachDatabase('admin: enterprises', (suite) => {
  it('creates, lists, edits, disables and enables, each change audited with before and after', async () => {
    const { app, superAdmin } = await callers(suite);
    const name = `Bank ${uniqueName('b')}`;
    const created = await createEnterprise(app, superAdmin, { name, mailDomain: 'first.example', isBank: true });
    expect(created).toMatchObject({ name, mailDomain: 'first.example', isBank: true, isActive: true, userCount: 0 });

    const list = await call(app, superAdmin, 'GET', `/enterprises?q=${encodeURIComponent(name)}&sort=name:asc`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id })]);
    expect((await call(app, superAdmin, 'GET', '/enterprises?isBank=true&pageSize=200')).json<{ isBank: boolean }[]>().every((e) => e.isBank)).toBe(true);

    expect(created.version).toBe(1);
    const edited = await call(app, superAdmin, 'PUT', `/enterprises/${created.id}`, { name, mailDomain: 'second.example', isBank: true, version: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ mailDomain: 'second.example', isActive: true, version: 2 });
    // An edit based on version 1 comes too late now: refused, nothing written.
    const stale = await call(app, superAdmin, 'PUT', `/enterprises/${created.id}`, { name, mailDomain: 'third.example', isBank: true, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleEdit', message: expect.stringContaining('Someone else changed this record') });
    expect((await call(app, superAdmin, 'GET', `/enterprises/${created.id}`)).json().mailDomain).toBe('second.example');

    const disabled = await call(app, superAdmin, 'POST', `/enterprises/${created.id}/disable`);
    expect(disabled.json(), disabled.body).toMatchObject({ isActive: false });
    expect((await call(app, superAdmin, 'POST', `/enterprises/${created.id}/enable`)).json().isActive).toBe(true);

    const audit = await suite.sql<{ actor_username: string; action: string; before: { mailDomain: string } | null; after: { mailDomain: string; isActive: boolean } }>(
      `SELECT actor_username, action, before, after FROM audit_log WHERE entity = 'enterprise' AND entity_id = $1 ORDER BY id`,
      [created.id],
    );
    expect(audit.map((row) => [row.actor_username, row.action])).toEqual([
      ['superadmin', 'create'],
      ['superadmin', 'update'],
      ['superadmin', 'disable'],
      ['superadmin', 'enable'],
    ]);
    expect(audit[1]?.before?.mailDomain).toBe('first.example');
    expect(audit[1]?.after.mailDomain).toBe('second.example');
    expect(audit[2]?.after.isActive).toBe(false);
  });

  it('refuses a taken name (409), bad input (422) and an Admin (403); nothing written', async () => {
    const { app, superAdmin, admin } = await callers(suite);
    const existing = await createEnterprise(app, superAdmin);
    const count = async () => (await suite.sql<{ n: number }>('SELECT (SELECT count(*) FROM enterprises) + (SELECT count(*) FROM audit_log) AS n'))[0]?.n;
    const before = await count();

    const taken = await call(app, superAdmin, 'POST', '/enterprises', { name: existing.name.toUpperCase(), mailDomain: 'x.example', isBank: false });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'An enterprise with this name already exists.', errors: { name: 'is already taken' } });
    const other = await createEnterprise(app, superAdmin);
    const renamed = await call(app, superAdmin, 'PUT', `/enterprises/${other.id}`, { name: existing.name, mailDomain: other.mailDomain, isBank: false, version: 1 });
    expect(renamed.statusCode).toBe(409);

    const invalid = await call(app, superAdmin, 'POST', '/enterprises', { name: ' ', mailDomain: 'Not A Domain', isBank: 'yes' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['isBank', 'mailDomain', 'name']);

    const byAdmin = await call(app, admin, 'POST', '/enterprises', { name: 'Admin made', mailDomain: 'a.example', isBank: false });
    expect(byAdmin.statusCode).toBe(403);
    expect((await call(app, admin, 'GET', '/enterprises')).statusCode).toBe(403);
    // `other` and its audit record are the only writes.
    expect(Number(await count())).toBe(Number(before) + 2);
    expect((await call(app, superAdmin, 'GET', '/enterprises/999999999')).statusCode).toBe(404);
  });

  it('seeds a demo bank and the enterprise the demo accounts belong to', async () => {
    const { app, superAdmin } = await callers(suite);
    const all = (await call(app, superAdmin, 'GET', '/enterprises?pageSize=200')).json<{ name: string; isBank: boolean; mailDomain: string; userCount: number }[]>();
    expect(all).toContainEqual(expect.objectContaining({ name: 'Demo Bank', isBank: true, mailDomain: 'bank.example' }));
    expect(all).toContainEqual(expect.objectContaining({ name: 'Demo Enterprise', isBank: false, userCount: 2 }));
  });
});
