import { expect, it } from 'vitest';
import { API, createUser, describeEachDatabase, freshIp, latestOutboxCode, login, sealed, type SuiteContext } from '../helper.js';
import { insertCompany, newsCallers, postMultipart, TEMPLATE_HEADERS, testIsin, workbook } from '../news/news-helper.js';

const GENERIC_5XX = { message: 'Something went wrong. Please try again later.', code: 'generic' };
// The last write of a password change: the user row is already updated when it fails.
const REVOKING = { table: 'sessions', event: 'UPDATE', when: 'OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL' } as const;

/** Makes the next matching write fail inside the database, as a lost connection or a full disk would. */
async function failing<T>(
  suite: SuiteContext,
  target: { table: string; event: 'INSERT' | 'UPDATE'; when?: string },
  run: () => Promise<T>,
): Promise<T> {
  const { table, event, when } = target;
  await suite.sql(`CREATE FUNCTION fail_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
  await suite.sql(
    `CREATE TRIGGER fail_write BEFORE ${event} ON ${table} FOR EACH ROW ${when ? `WHEN (${when})` : ''} EXECUTE FUNCTION fail_write()`,
  );
  try {
    return await run();
  } finally {
    await suite.sql(`DROP TRIGGER fail_write ON ${table}`);
    await suite.sql('DROP FUNCTION fail_write()');
  }
}

describeEachDatabase('one transaction per action', (suite) => {
  it('login: no session and no cleared failure count when the key cannot be written', async () => {
    const app = await suite.build();
    const { username, password, userId } = await createUser(suite, app);
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: `${API}/login`, payload, remoteAddress: freshIp() });
    expect((await post({ username, password: 'Wrong1234' })).statusCode).toBe(401);

    const response = await failing(suite, { table: 'cipher_keys', event: 'INSERT' }, () => post({ username, password }));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(GENERIC_5XX);
    expect(await suite.sql('SELECT id FROM sessions WHERE user_id = $1', [userId])).toEqual([]);
    expect(await suite.sql('SELECT id FROM login_failures WHERE username_key = lower($1)', [username])).toHaveLength(1);
  });

  it('reset-password: the code, the password and the sessions stay as they were', async () => {
    const app = await suite.build();
    const { username, email, password } = await createUser(suite, app);
    const session = await login(app, username, password);
    await app.inject({ method: 'POST', url: `${API}/forgot-password`, payload: { email } });
    const otp = await latestOutboxCode(suite.dataDir(), email);
    const reset = () => app.inject({ method: 'POST', url: `${API}/reset-password`, payload: { email, otp, newPassword: 'Changed123' } });

    const failed = await failing(suite, REVOKING, reset);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual(GENERIC_5XX);
    expect(failed.body).not.toContain('injected');
    await login(app, username, password);
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);

    // The code was not spent by the failed attempt.
    expect((await reset()).statusCode).toBe(200);
  });

  it('change-user-password: the old password still works after a failure, and the answer carries a key', async () => {
    const app = await suite.build();
    const { username, password } = await createUser(suite, app);
    const session = await login(app, username, password);
    const other = await login(app, username, password);

    const failed = await failing(suite, REVOKING, () =>
      sealed(app, session, {
        method: 'POST',
        url: `${API}/change-user-password`,
        payload: { oldPassword: password, newPassword: 'Changed123' },
      }),
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual(GENERIC_5XX);
    expect(failed.headers['rc-key']).toMatch(/^[0-9a-f]{8}\./);
    await login(app, username, password);
    expect((await sealed(app, other, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);
  });

  it('upload-companies: a failure in a later slice of the import leaves every company and audit as it was', async () => {
    const callers = await newsCallers(suite);
    const knownIsin = testIsin();
    const knownId = await insertCompany(suite, 'Known Before', knownIsin);
    // More rows than one slice of the import on PGlite (5 000; PostgreSQL takes them in one statement),
    // the known company first, the failing one last.
    const isins = [knownIsin, ...Array.from({ length: 5000 }, () => testIsin())];
    const lastIsin = isins.at(-1) as string;
    const marker = `Slice ${Date.now().toString(36)}`;
    const rows = isins.map((isin, index) => {
      const values: Record<string, unknown> = { compName: `${marker} ${index}`, isin, isActive: true };
      return TEMPLATE_HEADERS.map((header) => values[header] ?? '');
    });
    const file = workbook([TEMPLATE_HEADERS, ...rows]);
    const countOf = async (sql: string, params: unknown[]) => Number((await suite.sql<{ n: string }>(sql, params))[0]?.n);
    const written = () => countOf('SELECT count(*)::text AS n FROM companies WHERE comp_name LIKE $1', [`${marker} %`]);
    const audited = () => countOf(`SELECT count(*)::text AS n FROM audit_log WHERE action = 'import' AND after->>'compName' LIKE $1`, [`${marker} %`]);

    const failed = await failing(suite, { table: 'audit_log', event: 'INSERT', when: `NEW.after->>'isin' = '${lastIsin}'` }, () =>
      postMultipart(callers.app, callers.admin, '/upload-companies', { userId: callers.admin.userId }, { field: 'file', filename: 'companies.xlsx', content: file }),
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual(GENERIC_5XX);
    expect(await written()).toBe(0);
    expect(await audited()).toBe(0);
    expect(await suite.sql('SELECT comp_name FROM companies WHERE company_id = $1', [knownId])).toEqual([{ comp_name: 'Known Before' }]);
  }, 60_000);
});
