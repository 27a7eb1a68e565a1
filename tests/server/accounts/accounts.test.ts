import { expect, it } from 'vitest';
import {
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_MAX_DELAY_SECONDS,
  ADDRESS_FREE_FAILURES,
  ADDRESS_MAX_DELAY_SECONDS,
  backOffSeconds,
} from '../../../server/src/modules/accounts/login-failures-repository.js';
import {
  API,
  createUser,
  DEMO_PASSWORD,
  describeEachDatabase,
  freshIp,
  latestOutboxCode,
  login,
  outboxCodes,
  outboxMails,
  sealed,
  SESSION_EXPIRED,
  uniqueName,
} from '../helper.js';

const RC_KEY = /^[0-9a-f]{8}\.[A-Za-z0-9_-]{32,}$/;
const CODE_IN = /\b(\d{6})\b/;
const BAD_CREDENTIALS = { message: 'Incorrect username or password.', code: 'badCredentials' };

describeEachDatabase('accounts', (suite) => {
  const post = (app: Awaited<ReturnType<typeof suite.build>>, url: string, payload: object, remoteAddress = freshIp()) =>
    app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress });

  it('logs in: the documented body and the first rc-key', async () => {
    const app = await suite.build();
    const response = await post(app, '/login', { username: 'admin', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      user_id: expect.stringMatching(/^\d+$/),
      username: 'admin',
      role: 1,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      anonymous_paths: expect.arrayContaining(['GET /publicKey', 'POST /login', 'POST /users', 'POST /forgot-password', 'POST /reset-password', 'GET /health']),
      expires_at: expect.any(String),
    });
    const hours = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect(response.headers['rc-key']).toMatch(RC_KEY);
    expect(String(response.headers['rc-key']).startsWith('00000001.')).toBe(true);
    expect(response.headers['access-control-expose-headers']).toBe('rc-key');
    // The token and the key must not sit in any cache.
    expect(response.headers['cache-control']).toBe('no-store');

    // Only a hash of the token is stored.
    const sessions = await suite.sql<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [body.user_id]);
    expect(sessions.map((row) => row.token_hash)).not.toContain(body.access_token);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const app = await suite.build();
    const ip = freshIp();
    const wrong = await post(app, '/login', { username: 'analyst', password: 'Wrong1234' }, ip);
    const unknown = await post(app, '/login', { username: 'nobody-here', password: 'Wrong1234' }, ip);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(BAD_CREDENTIALS);
      expect(response.headers['rc-key']).toBeUndefined();
    }
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(wrong.body).toBe(unknown.body);
  });

  it('grows the delays 1, 2, 4… s per account and per address, capped at 60 and 30 s', () => {
    const account = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backOffSeconds(n, ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_SECONDS));
    expect(account).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 60]);
    const address = [10, 11, 12, 13, 14, 15, 16, 40].map((n) => backOffSeconds(n, ADDRESS_FREE_FAILURES, ADDRESS_MAX_DELAY_SECONDS));
    expect(address).toEqual([0, 1, 2, 4, 8, 16, 30, 30]);
  });

  /** Failures as if they had happened `secondsAgo` (many at once: the delays are tested, not waited for). */
  const seedFailures = (usernameKeys: string[], ip: string, secondsAgo = 0) =>
    suite.sql(
      `INSERT INTO login_failures (username_key, ip, failed_at)
       SELECT lower(name), $2, now() - make_interval(secs => $3) FROM jsonb_array_elements_text($1::jsonb) AS name`,
      [JSON.stringify(usernameKeys), ip, secondsAgo],
    );
  const ageFailures = (where: string, value: string, seconds: number) =>
    suite.sql(`UPDATE login_failures SET failed_at = failed_at - make_interval(secs => $2) WHERE ${where} = $1`, [value, seconds]);

  it('delays an account after failures from any address: 429 with Retry-After and a message saying when', async () => {
    const app = await suite.build();
    const { username, password } = await createUser(suite, app);
    // Two failures cost nothing: a typo must not make anyone wait.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post(app, '/login', { username, password: 'Wrong1234' })).statusCode).toBe(401);
    }
    await seedFailures(Array(4).fill(username), freshIp());
    // 7 failures: 16 s after the last one, from any address, even with the right password.
    const blocked = await post(app, '/login', { username, password });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(16);
    expect(blocked.json()).toEqual({
      message: `Too many failed attempts. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      code: 'tooManyAttempts',
      params: { count: retryAfter },
    });

    // Counted on the database's clock: once the delay has passed, the owner signs in.
    await ageFailures('username_key', username.toLowerCase(), 17);
    expect((await post(app, '/login', { username, password })).statusCode).toBe(200);
    expect(await suite.sql('SELECT 1 FROM login_failures WHERE username_key = lower($1)', [username])).toEqual([]);
  });

  it('delays an address by at most 30 s, shared by every instance, and never locks everyone out', async () => {
    const [a, b] = await Promise.all([suite.build(), suite.build()]);
    const ip = freshIp();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await post(a, '/login', { username: uniqueName('x'), password: 'Wrong1234' }, ip)).statusCode).toBe(401);
    }
    await seedFailures(Array.from({ length: 48 }, () => uniqueName('x')), ip);
    const blocked = await post(b, '/login', { username: 'admin', password: DEMO_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);
    // Another address is not affected; this one waits 30 s at most, however many failures.
    expect((await post(b, '/login', { username: 'admin', password: DEMO_PASSWORD })).statusCode).toBe(200);
    await ageFailures('ip', ip, 31);
    expect((await post(a, '/login', { username: 'admin', password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('locks an account after 10 failures: the right password alone answers 423, with the mailed code it unlocks', async () => {
    const app = await suite.build();
    const { username, password, email } = await createUser(suite, app);
    const LOCKED = { code: 'accountLocked', message: expect.stringContaining('We mailed a code') };
    const WRONG = { code: 'badCredentialsOrCode', message: 'Incorrect password or code.' };
    // Nine failures long enough ago that no delay applies; the tenth locks.
    await seedFailures(Array(9).fill(username), freshIp(), 7200);
    expect((await post(app, '/login', { username, password: 'Wrong1234' })).json()).toEqual(BAD_CREDENTIALS);
    const unlockMails = (count = 1) => outboxMails(suite.dataDir(), email, count, (mail) => mail.subject.includes('unlock'));
    const code = CODE_IN.exec((await unlockMails())[0]?.text ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);

    // Without the code, one answer whatever the password, and no delay of its own: nobody can keep the owner waiting.
    const right = await post(app, '/login', { username, password });
    const wrong = await post(app, '/login', { username, password: 'Wrong1234' });
    for (const response of [right, wrong]) {
      expect(response.statusCode).toBe(423);
      expect(response.json()).toMatchObject(LOCKED);
    }
    expect(right.body).toBe(wrong.body);
    // An unknown name with as many failures answers the same: a lock tells nobody a name exists.
    const ghost = uniqueName('g');
    await seedFailures(Array(10).fill(ghost), freshIp(), 7200);
    expect((await post(app, '/login', { username: ghost, password })).body).toBe(right.body);

    // A wrong code, or the code with a wrong password: the same 401, and the code survives both.
    const otherCode = code === '000000' ? '000001' : '000000';
    expect((await post(app, '/login', { username, password, otp: otherCode })).json()).toEqual(WRONG);
    expect((await post(app, '/login', { username, password: 'Wrong1234', otp: code })).json()).toEqual(WRONG);

    const unlocked = await post(app, '/login', { username, password, otp: code });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.headers['cache-control']).toBe('no-store');
    // Unlocked for good: the password alone works again, and the code is spent.
    expect((await post(app, '/login', { username, password })).statusCode).toBe(200);
    // The 423s mailed no second code: a new one would void the one its owner was typing.
    expect(await unlockMails()).toHaveLength(1);
  });

  it('lifts a lock by a password reset too (the owner proved the mailbox)', async () => {
    const app = await suite.build();
    const { username, email } = await createUser(suite, app);
    await seedFailures(Array(10).fill(username), freshIp(), 7200);
    expect((await post(app, '/login', { username, password: 'Secret123' })).statusCode).toBe(423);
    await post(app, '/forgot-password', { email });
    const [mail] = await outboxMails(suite.dataDir(), email, 1, (sent) => sent.subject.includes('password reset'));
    const otp = CODE_IN.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await post(app, '/reset-password', { email, otp, newPassword: 'Changed123' })).statusCode).toBe(200);
    expect((await post(app, '/login', { username, password: 'Changed123' })).statusCode).toBe(200);
  });

  it('registers a pending user, refused with 403 until an admin activates it', async () => {
    const app = await suite.build();
    const username = uniqueName('p');
    const registered = await post(app, '/users', { username, email: `${username}@example.com`, password: 'Secret123', name: 'Pat' });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ message: 'User has been added successfully.', user_id: expect.stringMatching(/^\d+$/) });
    const [row] = await suite.sql<{ role: number; status: string; password_hash: string }>(
      'SELECT role, status, password_hash FROM users WHERE id = $1',
      [registered.json().user_id],
    );
    expect(row).toMatchObject({ role: 2, status: 'pending' });
    expect(row?.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/);

    // The account's state shows only to someone who knows the password.
    expect((await post(app, '/login', { username, password: 'Wrong1234' })).json()).toEqual(BAD_CREDENTIALS);
    const pending = await post(app, '/login', { username, password: 'Secret123' });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ message: expect.any(String) });

    await suite.sql(`UPDATE users SET status = 'active' WHERE id = $1`, [registered.json().user_id]);
    expect((await post(app, '/login', { username, password: 'Secret123' })).statusCode).toBe(200);

    await suite.sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [registered.json().user_id]);
    expect((await post(app, '/login', { username, password: 'Secret123' })).statusCode).toBe(403);
  });

  it('answers 409 for a taken username only; a taken e-mail gets the 201 of a new one and its owner is mailed', async () => {
    const app = await suite.build();
    const { username, email } = await createUser(suite, app);
    const other = uniqueName('o');
    const sameName = await post(app, '/users', { username: username.toUpperCase(), email: `${other}@example.com`, password: 'Secret123', name: 'A' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'usernameUnavailable', errors: { username: expect.any(String) } });
    expect(sameName.json().errors).toEqual({ username: expect.any(String) });

    const fresh = uniqueName('f');
    const newAddress = await post(app, '/users', { username: fresh, email: `${fresh}@example.com`, password: 'Secret123', name: 'A' });
    const takenAddress = await post(app, '/users', { username: other, email: email.toUpperCase(), password: 'Secret123', name: 'A' });
    for (const response of [newAddress, takenAddress]) {
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: 'User has been added successfully.', code: 'registered', user_id: expect.stringMatching(/^\d+$/) });
    }
    expect(Object.keys(takenAddress.headers).sort()).toEqual(Object.keys(newAddress.headers).sort());
    // Nothing was created for the taken address; its owner hears of the attempt.
    expect(await suite.sql('SELECT 1 FROM users WHERE lower(username) = lower($1)', [other])).toEqual([]);
    const mails = await outboxMails(suite.dataDir(), email);
    expect(mails.map((mail) => mail.subject)).toContain('Someone tried to register with your address');
  });

  it.each([
    ['a 16-character username', { username: 'abcdefghijklmnop' }, 'username'],
    ['a 2-character username', { username: 'ab' }, 'username'],
    ['a username with a space', { username: 'ab cd' }, 'username'],
    ['a non-ASCII username', { username: 'josé' }, 'username'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['a short password', { password: 'Ab1' }, 'password'],
    ['a password without a digit', { password: 'abcdefghij' }, 'password'],
    ['a password without a letter', { password: '1234567890' }, 'password'],
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'name'],
    ['no name', { name: undefined }, 'name'],
  ])('answers 422 naming the field for %s', async (_label, change, field) => {
    const app = await suite.build();
    const username = uniqueName('v');
    const payload = { username, email: `${username}@example.com`, password: 'Secret123', name: 'Val', ...change };
    const response = await post(app, '/users', payload);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ message: expect.any(String), code: "validation", errors: expect.any(Object) });
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it('resets a password with the mailed code, once, ending every session', async () => {
    const app = await suite.build();
    const { username, email, password } = await createUser(suite, app);
    const session = await login(app, username, password);

    const forgot = await post(app, '/forgot-password', { email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toMatchObject({ message: 'OTP sent successfully.' });
    const code = await latestOutboxCode(suite.dataDir(), email);
    const [stored] = await suite.sql<{ code_hash: string }>(
      'SELECT code_hash FROM password_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1',
      [email],
    );
    expect(stored?.code_hash).not.toContain(code);

    const reset = await post(app, '/reset-password', { email, otp: code, newPassword: 'Changed123' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ message: 'Password changed successfully.' });
    expect((await post(app, '/login', { username, password })).statusCode).toBe(401);
    expect((await post(app, '/login', { username, password: 'Changed123' })).statusCode).toBe(200);
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).json()).toEqual(SESSION_EXPIRED);

    const reused = await post(app, '/reset-password', { email, otp: code, newPassword: 'Again1234' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ message: expect.any(String), errors: { otp: expect.any(String) } });
  });

  it('answers forgot-password identically for unknown, pending and active addresses, mailing only the active one', async () => {
    const app = await suite.build();
    const active = await createUser(suite, app);
    const pendingName = uniqueName('q');
    await post(app, '/users', { username: pendingName, email: `${pendingName}@example.com`, password: 'Secret123', name: 'Q' });
    const answers = await Promise.all(
      [active.email, `${pendingName}@example.com`, 'nobody@example.com'].map((email) => post(app, '/forgot-password', { email })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]?.body);
    }
    await outboxCodes(suite.dataDir(), active.email);
    // The three were queued together; once the active one's mail is out, the others would be too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxCodes(suite.dataDir(), `${pendingName}@example.com`, 0)).toEqual([]);
    expect(await outboxCodes(suite.dataDir(), 'nobody@example.com', 0)).toEqual([]);
  });

  it('counts wrong codes: the fifth wrong try kills the code', async () => {
    const app = await suite.build();
    const { email } = await createUser(suite, app);
    await post(app, '/forgot-password', { email });
    const code = await latestOutboxCode(suite.dataDir(), email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await post(app, '/reset-password', { email, otp: wrong, newPassword: 'Changed123' });
      expect(response.statusCode).toBe(422);
      const [row] = await suite.sql<{ attempts: number }>(
        'SELECT attempts FROM password_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1',
        [email],
      );
      expect(row?.attempts).toBe(attempt);
    }
    const right = await post(app, '/reset-password', { email, otp: code, newPassword: 'Changed123' });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors).toEqual({ otp: expect.any(String) });
  });

  it('invalidates an earlier code when a new one is sent, and refuses an expired one', async () => {
    const app = await suite.build();
    const { email } = await createUser(suite, app);
    await post(app, '/forgot-password', { email });
    const [first] = await outboxCodes(suite.dataDir(), email, 1);
    await post(app, '/forgot-password', { email });
    const second = (await outboxCodes(suite.dataDir(), email, 2))[1] as string;
    if (first !== second) {
      expect((await post(app, '/reset-password', { email, otp: first, newPassword: 'Changed123' })).statusCode).toBe(422);
    }
    await suite.sql(
      `UPDATE password_codes SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    expect((await post(app, '/reset-password', { email, otp: second, newPassword: 'Changed123' })).statusCode).toBe(422);
  });

  it('quietly stops mailing an address asked for too often', async () => {
    const app = await suite.build();
    const { email } = await createUser(suite, app);
    for (let request = 0; request < 5; request += 1) {
      expect((await post(app, '/forgot-password', { email })).json()).toMatchObject({ message: 'OTP sent successfully.' });
    }
    const codes = await outboxCodes(suite.dataDir(), email, 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxCodes(suite.dataDir(), email)).toHaveLength(codes.length);
    expect(codes).toHaveLength(3);
  });

  it('changes the password of the caller, keeping its session and ending the others', async () => {
    const app = await suite.build();
    const { username, password } = await createUser(suite, app);
    const current = await login(app, username, password);
    const other = await login(app, username, password);

    const wrongOld = await sealed(app, current, {
      method: 'POST',
      url: `${API}/change-user-password`,
      payload: { oldPassword: 'Wrong1234', newPassword: 'Changed123' },
    });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json()).toMatchObject({ message: expect.any(String), errors: { oldPassword: expect.any(String) } });

    const weak = await sealed(app, current, {
      method: 'POST',
      url: `${API}/change-user-password`,
      payload: { oldPassword: password, newPassword: 'weak' },
    });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toEqual(['newPassword']);

    const changed = await sealed(app, current, {
      method: 'POST',
      url: `${API}/change-user-password`,
      payload: { oldPassword: password, newPassword: 'Changed123' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: 'Password changed successfully.' });
    expect((await sealed(app, current, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);
    expect((await sealed(app, other, { method: 'GET', url: `${API}/me` })).statusCode).toBe(401);
    expect((await post(app, '/login', { username, password: 'Changed123' })).statusCode).toBe(200);
  });

  it('answers me with the caller', async () => {
    const app = await suite.build();
    const session = await login(app, 'analyst', DEMO_PASSWORD);
    const response = await sealed(app, session, { method: 'GET', url: `${API}/me` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user_id: session.userId,
      username: 'analyst',
      role: 2,
      name: 'Demo Analyst',
      email: 'analyst@backoffice.example',
    });
  });

  it('logs out: 204, then the token is refused', async () => {
    const app = await suite.build();
    const session = await login(app, 'analyst', DEMO_PASSWORD);
    const response = await sealed(app, session, { method: 'POST', url: `${API}/logout` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await sealed(app, session, { method: 'GET', url: `${API}/me` });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(SESSION_EXPIRED);
  });
});
