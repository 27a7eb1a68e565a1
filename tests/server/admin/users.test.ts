import { expect, it } from 'vitest';
import { API, createUser, describeEachDatabase, latestOutboxCode, login, sealed, uniqueName } from '../helper';
import { call, callers, createEnterprise, newUserBody } from './admin-helper';

const count = async (sql: (q: string, p?: unknown[]) => Promise<{ n: number }[]>, query: string, params: unknown[] = []) =>
  (await sql(`SELECT count(*)::int AS n FROM ${query}`, params))[0]?.n ?? 0;

describeEachDatabase('admin: users', (suite) => {
  const sql = (query: string, params?: unknown[]) => suite.sql<{ n: number }>(query, params);

  it('lists a page with the total in x-total-count, searched and filtered', async () => {
    const { app, admin } = await callers(suite);
    const marker = uniqueName('q');
    const enterprise = await createEnterprise(app, (await callers(suite)).superAdmin);
    for (let index = 0; index < 3; index += 1) {
      const created = await call(app, admin, 'POST', '/users', newUserBody({ name: `${marker} ${index}`, enterpriseId: index < 2 ? enterprise.id : null }));
      expect(created.statusCode, created.body).toBe(201);
    }
    const page = await call(app, admin, 'GET', `/users?q=${marker}&page=1&pageSize=2&sort=name:desc`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json<{ name: string }[]>().map((user) => user.name)).toEqual([`${marker} 2`, `${marker} 1`]);
    const second = await call(app, admin, 'GET', `/users?q=${marker}&page=2&pageSize=2&sort=name:desc`);
    expect(second.json<{ name: string }[]>().map((user) => user.name)).toEqual([`${marker} 0`]);

    const byEnterprise = await call(app, admin, 'GET', `/users?enterpriseId=${enterprise.id}`);
    expect(byEnterprise.headers['x-total-count']).toBe('2');
    expect(byEnterprise.json<{ enterpriseName: string }[]>().every((user) => user.enterpriseName === enterprise.name)).toBe(true);
    const superAdmins = await call(app, admin, 'GET', '/users?role=0&status=active');
    expect(superAdmins.json<{ role: number; status: string }[]>().every((user) => user.role === 0 && user.status === 'active')).toBe(true);
    expect(superAdmins.json<{ username: string }[]>().map((user) => user.username)).toContain('superadmin');
    // The wildcard of a search is a plain character.
    expect((await call(app, admin, 'GET', '/users?q=%25')).headers['x-total-count']).toBe('0');
    const badSort = await call(app, admin, 'GET', '/users?sort=password_hash:asc');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().errors).toHaveProperty('sort');
    expect(page.body).not.toContain('password');
  });

  it('adds a user with the catalogue message, audited in the same change, who can then log in', async () => {
    const { app, admin } = await callers(suite);
    const body = newUserBody({ role: 1 });
    const response = await call(app, admin, 'POST', '/users', body);
    expect(response.statusCode, response.body).toBe(201);
    const { message, user } = response.json<{ message: string; user: { id: string; status: string; role: number } }>();
    expect(message).toBe('User has been added successfully.');
    expect(user).toMatchObject({ username: body.username, status: 'active', role: 1 });
    const audit = await suite.sql<{ actor_username: string; action: string; after: Record<string, unknown> }>(
      `SELECT actor_username, action, after FROM audit_log WHERE entity = 'user' AND entity_id = $1`,
      [user.id],
    );
    expect(audit).toEqual([{ actor_username: 'admin', action: 'create', after: expect.objectContaining({ username: body.username, role: 1 }) }]);
    expect(JSON.stringify(audit)).not.toContain('password');
    await expect(login(app, body.username, body.password)).resolves.toMatchObject({ username: body.username });
  });

  it('refuses duplicate usernames or emails (409, field errors) and 16-character usernames (422); nothing written', async () => {
    const { app, admin } = await callers(suite);
    const first = newUserBody();
    expect((await call(app, admin, 'POST', '/users', first)).statusCode).toBe(201);
    const other = await createUser(suite, app);
    const before = await count(sql, 'users');
    const auditBefore = await count(sql, 'audit_log');

    const sameName = await call(app, admin, 'POST', '/users', newUserBody({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ message: 'This username or email is already registered.', errors: { username: 'is already taken' } });
    const sameEmail = await call(app, admin, 'POST', '/users', newUserBody({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual({ email: 'is already registered' });
    const tooLong = await call(app, admin, 'POST', '/users', newUserBody({ username: 'a'.repeat(16) }));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.username).toMatch(/3 to 15 characters/);

    // Editing another user onto a taken address is refused too.
    const edit = await call(app, admin, 'PUT', `/users/${other.userId}`, { email: first.email, name: 'x', role: 2, enterpriseId: null });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errors).toEqual({ email: 'is already registered' });

    expect(await count(sql, 'users')).toBe(before);
    expect(await count(sql, 'audit_log')).toBe(auditBefore);
  });

  it('an Admin crafting a request to create, raise to or touch a Super Admin gets 403 and nothing is written', async () => {
    const { app, admin, superAdmin } = await callers(suite);
    const usersBefore = await count(sql, 'users');
    const auditBefore = await count(sql, 'audit_log');

    const create = await call(app, admin, 'POST', '/users', newUserBody({ role: 0 }));
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('Only a Super Admin can create, promote to or change a Super Admin.');

    const target = await createUser(suite, app);
    const raise = await call(app, admin, 'PUT', `/users/${target.userId}`, { email: target.email, name: 'Raised', role: 0, enterpriseId: null });
    expect(raise.statusCode).toBe(403);
    expect(await suite.sql(`SELECT role, name FROM users WHERE id = $1`, [target.userId])).toEqual([{ role: 2, name: `Test ${target.username}` }]);

    const superId = superAdmin.userId;
    const superRow = (await suite.sql<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [superId]))[0];
    for (const [method, url, payload] of [
      ['PUT', `/users/${superId}`, { email: superRow?.email, name: 'Demoted', role: 2, enterpriseId: null }],
      ['POST', `/users/${superId}/disable`, undefined],
      ['POST', `/users/${superId}/reset-password`, undefined],
    ] as const) {
      const response = await call(app, admin, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await suite.sql(`SELECT role, status FROM users WHERE id = $1`, [superId])).toEqual([{ role: 0, status: 'active' }]);
    expect(await count(sql, 'users')).toBe(usersBefore + 1);
    // Only the registration of `target` was recorded.
    expect(await count(sql, 'audit_log')).toBe(auditBefore + 1);

    // An Admin may still promote to Admin; a Super Admin may create a Super Admin.
    const promote = await call(app, admin, 'PUT', `/users/${target.userId}`, { email: target.email, name: 'Promoted', role: 1, enterpriseId: null });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().user).toMatchObject({ role: 1, name: 'Promoted' });
    const another = await call(app, superAdmin, 'POST', '/users', newUserBody({ role: 0 }));
    expect(another.statusCode).toBe(201);
    await suite.sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [another.json().user.id]);
  });

  it('nobody demotes or disables the last Super Admin; with two, concurrent demotions leave one', async () => {
    const { app, superAdmin } = await callers(suite);
    await suite.sql(`UPDATE users SET status = 'disabled' WHERE role = 0 AND username <> 'superadmin'`);
    const email = (await suite.sql<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [superAdmin.userId]))[0]?.email;
    const demote = await call(app, superAdmin, 'PUT', `/users/${superAdmin.userId}`, { email, name: 'Super Admin', role: 1, enterpriseId: null });
    expect(demote.statusCode).toBe(422);
    expect(demote.json()).toEqual({
      message: 'The last active Super Admin cannot be demoted or disabled.',
      code: 'lastSuperAdmin',
      errors: { role: 'cannot change: this is the last active Super Admin' },
      reasons: { role: { code: 'lastSuperAdmin' } },
    });
    const disable = await call(app, superAdmin, 'POST', `/users/${superAdmin.userId}/disable`);
    expect(disable.statusCode).toBe(422);
    expect(await suite.sql(`SELECT role, status FROM users WHERE id = $1`, [superAdmin.userId])).toEqual([{ role: 0, status: 'active' }]);

    const second = newUserBody({ role: 0 });
    const created = await call(app, superAdmin, 'POST', '/users', second);
    const secondId = created.json().user.id as string;
    const secondSession = await login(app, second.username, second.password);
    const [a, b] = await Promise.all([
      call(app, secondSession, 'PUT', `/users/${superAdmin.userId}`, { email, name: 'Super Admin', role: 1, enterpriseId: null }),
      call(app, superAdmin, 'PUT', `/users/${secondId}`, { email: second.email, name: second.name, role: 1, enterpriseId: null }),
    ]);
    // Whichever runs second is refused: as the last Super Admin's target (422), or,
    // when its caller was just demoted, for its caller's new role (403).
    const answers = [a.statusCode, b.statusCode].sort();
    expect(answers[0]).toBe(200);
    expect([403, 422]).toContain(answers[1]);
    expect(await count(sql, `users WHERE role = 0 AND status = 'active'`)).toBe(1);
    // Back to the suite's starting point.
    await suite.sql(`UPDATE users SET role = 0 WHERE username = 'superadmin'`);
    await suite.sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [secondId]);
  });

  it("disabling ends that user's live session at once; enabling lets them back in", async () => {
    const { app, admin } = await callers(suite);
    const target = await createUser(suite, app);
    const session = await login(app, target.username, target.password);
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);

    const disabled = await call(app, admin, 'POST', `/users/${target.userId}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ message: 'User has been disabled.', user: { status: 'disabled' } });
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(401);
    expect(await count(sql, 'sessions WHERE user_id = $1 AND revoked_at IS NULL', [target.userId])).toBe(0);
    await expect(login(app, target.username, target.password)).rejects.toThrow(/403/);

    const enabled = await call(app, admin, 'POST', `/users/${target.userId}/enable`);
    expect(enabled.json().user.status).toBe('active');
    await expect(login(app, target.username, target.password)).resolves.toBeTruthy();
    const actions = await suite.sql<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id`,
      [target.userId],
    );
    expect(actions.map((row) => row.action)).toEqual(['register', 'disable', 'enable']);
  });

  it('approves a pending self-registration, audited with its registration', async () => {
    const { app, admin } = await callers(suite);
    const username = uniqueName('r');
    const registered = await app.inject({
      method: 'POST',
      url: `${API}/users`,
      payload: { username, email: `${username}@example.com`, password: 'Secret123', name: 'Pending One' },
    });
    const id = registered.json().user_id as string;
    await expect(login(app, username, 'Secret123')).rejects.toThrow(/403/);
    const pending = await call(app, admin, 'GET', `/users?status=pending&q=${username}`);
    expect(pending.json()).toEqual([expect.objectContaining({ id, status: 'pending' })]);

    const approved = await call(app, admin, 'POST', `/users/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().user.status).toBe('active');
    await expect(login(app, username, 'Secret123')).resolves.toBeTruthy();
    expect((await call(app, admin, 'POST', `/users/${id}/enable`)).statusCode).toBe(200);
    const again = await call(app, admin, 'POST', `/users/${id}/approve`);
    expect(again.statusCode).toBe(200);

    const audit = await suite.sql<{ actor_username: string | null; action: string; before: { status: string } | null; after: { status: string } }>(
      `SELECT actor_username, action, before, after FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit).toEqual([
      { actor_username: null, action: 'register', before: null, after: expect.objectContaining({ status: 'pending', username }) },
      { actor_username: 'admin', action: 'approve', before: expect.objectContaining({ status: 'pending' }), after: expect.objectContaining({ status: 'active' }) },
    ]);
  });

  it("enforces a bank's mail domain on create and edit; nobody joins a disabled enterprise", async () => {
    const { app, admin, superAdmin } = await callers(suite);
    const bank = await createEnterprise(app, superAdmin, { isBank: true });
    const plain = await createEnterprise(app, superAdmin);

    const outside = await call(app, admin, 'POST', '/users', newUserBody({ enterpriseId: bank.id }));
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ email: `must end with @${bank.mailDomain}` });

    const body = newUserBody({ enterpriseId: bank.id });
    body.email = `${body.username}@${bank.mailDomain.toUpperCase()}`;
    const inside = await call(app, admin, 'POST', '/users', body);
    expect(inside.statusCode, inside.body).toBe(201);
    const id = inside.json().user.id as string;
    expect(inside.json().user).toMatchObject({ enterpriseId: bank.id, enterpriseName: bank.name });

    const moveOut = await call(app, admin, 'PUT', `/users/${id}`, { email: `${body.username}@elsewhere.example`, name: 'x', role: 2, enterpriseId: bank.id });
    expect(moveOut.statusCode).toBe(422);
    const toPlain = await call(app, admin, 'PUT', `/users/${id}`, { email: `${body.username}@elsewhere.example`, name: 'x', role: 2, enterpriseId: plain.id });
    expect(toPlain.statusCode).toBe(200);

    expect((await call(app, superAdmin, 'POST', `/enterprises/${plain.id}/disable`)).statusCode).toBe(200);
    const joinDisabled = await call(app, admin, 'POST', '/users', newUserBody({ enterpriseId: plain.id }));
    expect(joinDisabled.statusCode).toBe(422);
    expect(joinDisabled.json().errors).toHaveProperty('enterpriseId');
    // Who is in it already may stay.
    expect((await call(app, admin, 'PUT', `/users/${id}`, { email: `${body.username}@elsewhere.example`, name: 'y', role: 2, enterpriseId: plain.id })).statusCode).toBe(200);

    const options = await call(app, admin, 'GET', '/users/enterprise-options');
    expect(options.statusCode).toBe(200);
    const ids = options.json<{ id: string; isBank: boolean; mailDomain: string }[]>();
    expect(ids).toContainEqual({ id: bank.id, name: bank.name, mailDomain: bank.mailDomain, isBank: true });
    expect(ids.map((option) => option.id)).not.toContain(plain.id);
  });

  it('mails a reset code the user can use, as /forgot-password does', async () => {
    const { app, admin } = await callers(suite);
    const target = await createUser(suite, app);
    const response = await call(app, admin, 'POST', `/users/${target.userId}/reset-password`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'A password reset code has been sent to the user.' });
    const otp = await latestOutboxCode(suite.dataDir(), target.email);
    const reset = await app.inject({
      method: 'POST',
      url: `${API}/reset-password`,
      payload: { email: target.email, otp, newPassword: 'Changed123' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(login(app, target.username, 'Changed123')).resolves.toBeTruthy();
  });

  it('answers 404 for an unknown user and 422 for a malformed id', async () => {
    const { app, admin } = await callers(suite);
    expect((await call(app, admin, 'GET', '/users/999999999')).statusCode).toBe(404);
    expect((await call(app, admin, 'POST', '/users/999999999/approve')).statusCode).toBe(404);
    expect((await call(app, admin, 'GET', '/users/abc')).statusCode).toBe(422);
  });
});
