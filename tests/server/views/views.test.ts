import { expect, it } from 'vitest';
import { MAX_VIEW_STATE_BYTES } from '../../../common/domains/views/model';
import type { ViewAnswerValue } from '../../../common/domains/views/schemas';
import { login, uniqueName, createUser, describeEachDatabase } from '../helper';
import { callers } from '../admin/admin-helper';
import { callViews, COMPANY_STATE, saveView, viewNames } from './views-helper';

describeEachDatabase('views: saved views of a list', (suite) => {
  it('lists one\'s own views and those shared with one\'s role or a less powerful one, owners first', async () => {
    const { app, superAdmin, admin, analyst } = await callers(suite);
    const tag = uniqueName('v');
    const forAdmins = await saveView(app, superAdmin, { name: `${tag} admins`, sharedRole: 1 });
    const forSuper = await saveView(app, superAdmin, { name: `${tag} super`, sharedRole: 0 });
    const forAll = await saveView(app, admin, { name: `${tag} all`, sharedRole: 2 });
    const mine = await saveView(app, admin, { name: `${tag} mine` });
    const ours = (names: string[]) => names.filter((name) => name.startsWith(tag));

    expect(mine.sharedRole).toBeNull();
    expect(forAdmins).toMatchObject({ resource: 'companies', state: COMPANY_STATE, sharedRole: 1, mine: true, version: 1, owner: { id: superAdmin.userId } });
    // An Admin: their own two first (by name), then the Super Admin's shared with Admins; not the one for Super Admins.
    expect(ours(await viewNames(app, admin))).toEqual([`${tag} all`, `${tag} mine`, `${tag} admins`]);
    // A User sees only what was shared with Users.
    expect(ours(await viewNames(app, analyst))).toEqual([`${tag} all`]);
    // A Super Admin sees every shared view, not the Admin's private one.
    expect(ours(await viewNames(app, superAdmin))).toEqual([`${tag} admins`, `${tag} super`, `${tag} all`]);

    const seen = (await callViews(app, analyst, 'GET', '?resource=companies')).json<ViewAnswerValue[]>().find((view) => view.id === forAll.id);
    expect(seen).toMatchObject({ mine: false, owner: { id: admin.userId, name: expect.any(String) }, state: COMPANY_STATE });
    // Another resource's views stay on their list.
    expect(ours(await viewNames(app, admin, 'staff-notices'))).toEqual([]);
    expect([forSuper.id, mine.id].every((id) => /^[1-9][0-9]*$/.test(id))).toBe(true);
  });

  it('lets only the owner change or delete a view, refuses a stale version, and audits every write', async () => {
    const { app, superAdmin, admin, analyst } = await callers(suite);
    const view = await saveView(app, admin, { name: uniqueName('shared'), sharedRole: 2 });
    const other = await createUser(suite, app, { role: 1 });
    const otherAdmin = await login(app, other.username, other.password);

    // Seen but not theirs: 403; not even seen (private to its owner): 404.
    const byAnalyst = await callViews(app, analyst, 'PUT', `/${view.id}`, { name: 'Taken over', version: 1 });
    expect(byAnalyst.statusCode).toBe(403);
    expect(byAnalyst.json()).toMatchObject({ code: 'viewOwnerOnly' });
    expect((await callViews(app, superAdmin, 'DELETE', `/${view.id}`, { version: 1 })).statusCode).toBe(403);
    const privateView = await saveView(app, admin, { name: uniqueName('private') });
    expect((await callViews(app, otherAdmin, 'DELETE', `/${privateView.id}`, { version: 1 })).json()).toMatchObject({ code: 'viewNotFound' });
    expect((await callViews(app, admin, 'PUT', '/999999999', { version: 1 })).statusCode).toBe(404);

    const renamed = await callViews(app, admin, 'PUT', `/${view.id}`, { name: '  Renamed view  ', sharedRole: 1, version: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed view', sharedRole: 1, state: COMPANY_STATE, version: 2 });
    const restated = await callViews(app, admin, 'PUT', `/${view.id}`, { state: { pageSize: 10 }, version: 2 });
    expect(restated.json()).toMatchObject({ name: 'Renamed view', sharedRole: 1, state: { pageSize: 10 }, version: 3 });
    // The analyst no longer sees it: shared with Admins now.
    expect(await viewNames(app, analyst)).not.toContain('Renamed view');

    const stale = await callViews(app, admin, 'PUT', `/${view.id}`, { name: 'Too late', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleEdit' });
    expect((await callViews(app, admin, 'DELETE', `/${view.id}`, { version: 2 })).statusCode).toBe(409);
    expect((await callViews(app, admin, 'DELETE', `/${view.id}`, { version: 3 })).statusCode).toBe(204);
    expect(await viewNames(app, admin)).not.toContain('Renamed view');

    const audit = await suite.sql<{ actor_username: string; action: string; before: { name: string } | null; after: { name: string } | null }>(
      `SELECT actor_username, action, before, after FROM audit_log WHERE entity = 'list_view' AND entity_id = $1 ORDER BY id`,
      [view.id],
    );
    expect(audit.map((row) => [row.actor_username, row.action, row.before?.name ?? null, row.after?.name ?? null])).toEqual([
      ['admin', 'create', null, view.name],
      ['admin', 'update', view.name, 'Renamed view'],
      ['admin', 'update', 'Renamed view', 'Renamed view'],
      ['admin', 'delete', 'Renamed view', null],
    ]);
  });

  it('refuses a name the owner already uses on that list (any case), but not another owner\'s or another list\'s', async () => {
    const { app, superAdmin, admin } = await callers(suite);
    const name = uniqueName('Dup');
    await saveView(app, admin, { name });
    const count = async () => Number((await suite.sql<{ n: number }>("SELECT (SELECT count(*) FROM list_views) + (SELECT count(*) FROM audit_log WHERE entity = 'list_view') AS n"))[0]?.n);
    const before = await count();
    const again = await callViews(app, admin, 'POST', '', { resource: 'companies', name: name.toUpperCase(), state: {}, sharedRole: null });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'viewNameTaken', reasons: { name: { code: 'nameTaken' } } });
    expect(await count()).toBe(before);

    await saveView(app, superAdmin, { name });
    await saveView(app, admin, { name, resource: 'staff-notices', state: {} });
    const second = await saveView(app, admin, { name: `${name} 2` });
    const renamed = await callViews(app, admin, 'PUT', `/${second.id}`, { name, version: 1 });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ code: 'viewNameTaken' });
  });

  it('refuses lists the caller may not open, blank names, unknown shapes and a state over 16 KB', async () => {
    const { app, superAdmin, admin, analyst } = await callers(suite);
    // enterprises are the Super Admin's alone (common/resources/enterprises.ts).
    for (const session of [admin, analyst]) {
      expect((await callViews(app, session, 'GET', '?resource=enterprises')).statusCode).toBe(403);
      const post = await callViews(app, session, 'POST', '', { resource: 'enterprises', name: 'x', state: {}, sharedRole: null });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toMatchObject({ code: 'forbidden' });
      expect((await callViews(app, session, 'GET', '/preferences/enterprises')).statusCode).toBe(403);
      expect((await callViews(app, session, 'PUT', '/preferences/enterprises', { columns: null, density: 'small' })).statusCode).toBe(403);
    }
    expect((await callViews(app, analyst, 'GET', '?resource=no-such-list')).statusCode).toBe(403);
    expect((await callViews(app, superAdmin, 'GET', '?resource=enterprises')).statusCode).toBe(200);

    const blank = await callViews(app, admin, 'POST', '', { resource: 'companies', name: '   ', state: {}, sharedRole: null });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().reasons).toMatchObject({ name: { code: 'notBlank' } });
    const badShape = await callViews(app, admin, 'POST', '', { resource: 'companies', name: 'Bad', state: { sorters: [{ field: 'compName', order: 'up' }], pageSize: 5000 }, sharedRole: 3 });
    expect(badShape.statusCode).toBe(422);
    expect(Object.keys(badShape.json().errors as object).sort()).toEqual(['sharedRole', 'state.pageSize', 'state.sorters.0.order'].sort());

    const huge = { filters: [{ field: 'compName', operator: 'contains', value: 'x'.repeat(MAX_VIEW_STATE_BYTES) }] };
    const tooLarge = await callViews(app, admin, 'POST', '', { resource: 'companies', name: 'Huge', state: huge, sharedRole: null });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json()).toMatchObject({ code: 'validation', reasons: { state: { code: 'viewStateTooLarge', params: { kb: 16 } } } });
    const view = await saveView(app, admin, { name: uniqueName('small') });
    expect((await callViews(app, admin, 'PUT', `/${view.id}`, { state: huge, version: 1 })).statusCode).toBe(422);
    // Just under the limit is kept.
    const fits = { filters: [{ field: 'compName', operator: 'contains', value: 'x'.repeat(MAX_VIEW_STATE_BYTES - 200) }] };
    expect((await callViews(app, admin, 'POST', '', { resource: 'companies', name: uniqueName('fits'), state: fits, sharedRole: null })).statusCode).toBe(201);
  });

  it('refuses a state holding a full Aadhaar number (the vault rule), and keeps one with any other twelve digits', async () => {
    const { app, admin } = await callers(suite);
    // 2345 6789 0124 is Verhoeff-valid: a number the vault would hold, never a saved view.
    for (const typed of ['234567890124', '2345 6789 0124', '2345-6789-0124']) {
      const state = { filters: [{ field: 'q', operator: 'contains', value: typed }] };
      const refused = await callViews(app, admin, 'POST', '', { resource: 'companies', name: uniqueName('aadhaar'), state, sharedRole: null });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'validation', reasons: { state: { code: 'viewHoldsAadhaar' } } });
    }
    const other = { filters: [{ field: 'q', operator: 'contains', value: '234567890123' }] };
    expect((await callViews(app, admin, 'POST', '', { resource: 'companies', name: uniqueName('digits'), state: other, sharedRole: null })).statusCode).toBe(201);
  });
});

describeEachDatabase('views: one transaction per write', (suite) => {
  it('keeps no view, change or preference whose audit record cannot be written', async () => {
    const { app, admin } = await callers(suite);
    const view = await saveView(app, admin, { name: uniqueName('kept') });
    const name = uniqueName('lost');
    // The audit insert fails inside the database, as a full disk would; the write before it must go too.
    await suite.sql(`CREATE FUNCTION fail_view_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await suite.sql(`CREATE TRIGGER fail_view_audit BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.entity IN ('list_view', 'list_preference')) EXECUTE FUNCTION fail_view_audit()`);
    try {
      expect((await callViews(app, admin, 'POST', '', { resource: 'companies', name, state: {}, sharedRole: 2 })).statusCode).toBe(500);
      expect((await callViews(app, admin, 'PUT', `/${view.id}`, { name, version: 1 })).statusCode).toBe(500);
      expect((await callViews(app, admin, 'DELETE', `/${view.id}`, { version: 1 })).statusCode).toBe(500);
      expect((await callViews(app, admin, 'PUT', '/preferences/companies', { columns: ['isin'], density: 'small' })).statusCode).toBe(500);
    } finally {
      await suite.sql('DROP TRIGGER fail_view_audit ON audit_log');
      await suite.sql('DROP FUNCTION fail_view_audit()');
    }
    expect(await suite.sql('SELECT name, version FROM list_views WHERE owner_id = $1 AND name IN ($2, $3)', [admin.userId, name, view.name])).toEqual([{ name: view.name, version: 1 }]);
    expect(await suite.sql(`SELECT columns FROM list_preferences WHERE user_id = $1 AND resource = 'companies'`, [admin.userId])).toEqual([]);
  });
});

describeEachDatabase('views: list preferences', (suite) => {
  it('answers the defaults, then keeps each user\'s columns and density per list (upsert), audited', async () => {
    const { app, admin, analyst } = await callers(suite);
    expect((await callViews(app, analyst, 'GET', '/preferences/companies')).json()).toEqual({ columns: null, density: 'middle' });

    const first = await callViews(app, analyst, 'PUT', '/preferences/companies', { columns: ['compName', 'isin'], density: 'small' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ columns: ['compName', 'isin'], density: 'small' });
    const second = await callViews(app, analyst, 'PUT', '/preferences/companies', { columns: null, density: 'large' });
    expect(second.json()).toEqual({ columns: null, density: 'large' });
    expect((await callViews(app, analyst, 'GET', '/preferences/companies')).json()).toEqual({ columns: null, density: 'large' });
    // Another user's and another list's are their own.
    expect((await callViews(app, admin, 'GET', '/preferences/companies')).json()).toEqual({ columns: null, density: 'middle' });
    expect((await callViews(app, analyst, 'GET', '/preferences/staff-notices')).json()).toEqual({ columns: null, density: 'middle' });

    const rows = await suite.sql<{ version: number }>(`SELECT version FROM list_preferences WHERE user_id = $1 AND resource = 'companies'`, [analyst.userId]);
    expect(rows).toEqual([{ version: 2 }]);
    const audit = await suite.sql<{ action: string; after: { density: string } }>(
      `SELECT action, after FROM audit_log WHERE entity = 'list_preference' AND actor_id = $1 ORDER BY id`,
      [analyst.userId],
    );
    expect(audit.map((row) => [row.action, row.after.density])).toEqual([
      ['create', 'small'],
      ['update', 'large'],
    ]);

    const bad = await callViews(app, analyst, 'PUT', '/preferences/companies', { columns: { compName: true }, density: 'tiny' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors as object).sort()).toEqual(['columns', 'density']);
  });
});
