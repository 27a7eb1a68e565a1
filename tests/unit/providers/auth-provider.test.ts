import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/providers/http-error';
import { API, createHarness, isSealed, LOGIN_ANSWER, loggedIn, PUBLIC_KEY, rcKey, server, SESSION_ITEMS } from './harness';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('login', () => {
  it('stores the four session keys and redirects to the dashboard', async () => {
    const { auth, storage } = createHarness();
    const result = await auth.login({ username: 'analyst', password: 'right-password' });
    expect(result).toEqual({ success: true, redirectTo: '/' });
    expect(JSON.parse(storage.getItem('current_user') ?? 'null')).toEqual({
      user_id: LOGIN_ANSWER.user_id,
      username: LOGIN_ANSWER.username,
      anonymous_paths: LOGIN_ANSWER.anonymous_paths,
      role: 2,
    });
    expect(storage.getItem('access_token')).toBe(LOGIN_ANSWER.access_token);
    expect(storage.getItem('rc-key')).toBe(rcKey(1));
    expect(storage.getItem('public_key')).toBe(PUBLIC_KEY);
  });

  it('resolves with the server message on a wrong password and stores no session', async () => {
    const { auth, storage } = createHarness();
    const result = await auth.login({ username: 'analyst', password: 'wrong' });
    expect(result.success).toBe(false);
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error).toMatchObject({ message: 'Incorrect username or password.', statusCode: 401, name: 'Sign-in failed' });
    expect(storage.getItem('current_user')).toBeNull();
    expect(storage.getItem('access_token')).toBeNull();
  });

  it('refuses a login answer without an rc-key', async () => {
    server.use(http.post(`${API}/login`, () => HttpResponse.json(LOGIN_ANSWER)));
    const { auth, storage } = createHarness();
    const result = await auth.login({ username: 'analyst', password: 'right-password' });
    expect(result).toMatchObject({ success: false, error: { message: 'Internal Server Error' } });
    expect(storage.getItem('access_token')).toBeNull();
  });

  it('shows the generic message when the service cannot be reached', async () => {
    server.use(http.get(`${API}/publicKey`, () => HttpResponse.error()));
    const { auth } = createHarness();
    const result = await auth.login({ username: 'analyst', password: 'right-password' });
    expect(result).toMatchObject({ success: false, error: { message: 'Something went wrong. Please try again later.' } });
  });
});

describe('check, permissions and errors', () => {
  it('check is authenticated only while the session is complete', async () => {
    const { auth, storage } = await loggedIn();
    expect(await auth.check()).toEqual({ authenticated: true });
    storage.removeItem('rc-key');
    expect(await auth.check()).toEqual({ authenticated: false, redirectTo: '/login', logout: true });
  });

  it('getPermissions answers the stored role, without a request', async () => {
    const { auth } = await loggedIn();
    let requests = 0;
    server.events.on('request:start', () => (requests += 1));
    expect(await auth.getPermissions?.()).toBe(2);
    server.events.removeAllListeners();
    expect(requests).toBe(0);
    expect(await createHarness().auth.getPermissions?.()).toBeNull();
  });

  it('onError leaves an ended session to the session watcher; a stray 401 ends the session once, with its message', async () => {
    const { auth, session, ends } = await loggedIn();
    const unauthorized = new ApiError('Session expired.', 401, { sessionEnded: true });
    const noKey = new ApiError('Internal Server Error', 500, { sessionEnded: true });
    // Refine's logout-on-error would navigate to /login without the return URL.
    expect(await auth.onError(unauthorized)).toEqual({});
    expect(await auth.onError(noKey)).toEqual({});
    expect(ends).toEqual([]);
    expect(await auth.onError(new ApiError('Invalid', 422))).toEqual({});
    expect(await auth.onError(new ApiError('Something went wrong. Please try again later.', 0))).toEqual({});
    expect(session.isActive()).toBe(true);
    expect(await auth.onError({ statusCode: 401, message: 'x' })).toEqual({});
    expect(session.isActive()).toBe(false);
    expect(ends.map((event) => event.reason?.message)).toEqual(['x']);
  });
});

describe('identity', () => {
  it('getIdentity asks /me with a sealed request and merges it with the stored user', async () => {
    let sealed = false;
    server.use(
      http.get(`${API}/me`, ({ request }) => {
        sealed = isSealed(request);
        return HttpResponse.json(
          { user_id: 'u-17', username: 'analyst', role: 2, name: 'Ana Lyst', email: 'ana@backoffice.example' },
          { headers: { 'rc-key': rcKey(2) } },
        );
      }),
    );
    const { auth } = await loggedIn();
    expect(await auth.getIdentity?.()).toEqual({
      id: 'u-17',
      username: 'analyst',
      role: 2,
      name: 'Ana Lyst',
      email: 'ana@backoffice.example',
    });
    expect(sealed).toBe(true);
  });

  it('getIdentity resolves (null) when the /me answer ended the session', async () => {
    server.use(http.get(`${API}/me`, () => HttpResponse.json({ message: 'Session revoked.' }, { status: 401 })));
    const { auth, ends } = await loggedIn();
    expect(await auth.getIdentity?.()).toBeNull();
    expect(ends.map((event) => event.reason?.message)).toEqual(['Session revoked.']);
  });
});

describe('logout', () => {
  it('posts a sealed /logout, then clears the storage', async () => {
    let sealed = false;
    server.use(
      http.post(`${API}/logout`, ({ request }) => {
        sealed = isSealed(request);
        return new HttpResponse(null, { status: 204, headers: { 'rc-key': rcKey(2) } });
      }),
    );
    const { auth, storage, ends } = await loggedIn();
    expect(await auth.logout({})).toEqual({ success: true, redirectTo: '/login' });
    expect(sealed).toBe(true);
    for (const key of SESSION_ITEMS) expect(storage.getItem(key)).toBeNull();
    expect(ends).toEqual([{}]);
  });

  it.each([
    ['the server fails', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })],
    ['the network fails', () => HttpResponse.error()],
  ])('still clears the storage when %s', async (_label, answer) => {
    server.use(http.post(`${API}/logout`, answer));
    const { auth, storage } = await loggedIn();
    expect((await auth.logout({})).success).toBe(true);
    for (const key of SESSION_ITEMS) expect(storage.getItem(key)).toBeNull();
  });

  it('does not call the server without a session', async () => {
    const { auth } = createHarness();
    let called = false;
    server.use(http.post(`${API}/logout`, () => ((called = true), new HttpResponse(null, { status: 204 }))));
    expect((await auth.logout({})).success).toBe(true);
    expect(called).toBe(false);
  });
});

describe('register, forgot and reset password', () => {
  it('register posts /users unsealed and announces that the account waits for approval', async () => {
    let body: unknown;
    let sealed = true;
    server.use(
      http.post(`${API}/users`, async ({ request }) => {
        body = await request.json();
        sealed = isSealed(request);
        return HttpResponse.json({ message: 'User has been added successfully.', user_id: 'u-99' }, { status: 201 });
      }),
    );
    const { auth } = createHarness();
    const values = { username: 'newbie', email: 'new@backoffice.example', password: 'Pass-word-1', name: 'New Bie' };
    const result = await auth.register?.(values);
    expect(body).toEqual(values);
    expect(sealed).toBe(false);
    expect(result).toEqual({
      success: true,
      redirectTo: '/login',
      successNotification: {
        message: 'User has been added successfully.',
        description: 'An administrator must approve the account before you can sign in.',
      },
    });
  });

  it('register passes the field errors of a 422 on', async () => {
    server.use(
      http.post(`${API}/users`, () =>
        HttpResponse.json({ message: 'Invalid user.', errors: { username: 'is taken' } }, { status: 422 }),
      ),
    );
    const result = await createHarness().auth.register?.({ username: 'x' });
    expect(result).toMatchObject({ success: false, error: { statusCode: 422, errors: { username: 'is taken' } } });
  });

  it('forgotPassword posts the email', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/forgot-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'OTP sent successfully.' });
      }),
    );
    const result = await createHarness().auth.forgotPassword?.({ email: 'ana@backoffice.example' });
    expect(body).toEqual({ email: 'ana@backoffice.example' });
    expect(result).toEqual({ success: true, successNotification: { message: 'OTP sent successfully.' } });
  });

  it('updatePassword with a code resets the password, unsealed, and goes to login', async () => {
    let body: unknown;
    let sealed = true;
    server.use(
      http.post(`${API}/reset-password`, async ({ request }) => {
        body = await request.json();
        sealed = isSealed(request);
        return HttpResponse.json({ message: 'Password changed successfully.' });
      }),
    );
    const result = await createHarness().auth.updatePassword?.({ email: 'a@b.example', otp: '123456', password: 'N3w-pass' });
    expect(body).toEqual({ email: 'a@b.example', otp: '123456', newPassword: 'N3w-pass' });
    expect(sealed).toBe(false);
    expect(result).toMatchObject({ success: true, redirectTo: '/login' });
  });

  it('updatePassword when logged in changes it with a sealed request', async () => {
    let body: unknown;
    let sealed = false;
    server.use(
      http.post(`${API}/change-user-password`, async ({ request }) => {
        body = await request.json();
        sealed = isSealed(request);
        return HttpResponse.json({ message: 'Password changed successfully.' }, { headers: { 'rc-key': rcKey(2) } });
      }),
    );
    const { auth } = await loggedIn();
    const result = await auth.updatePassword?.({ oldPassword: 'right-password', password: 'N3w-pass' });
    expect(body).toEqual({ oldPassword: 'right-password', newPassword: 'N3w-pass' });
    expect(sealed).toBe(true);
    expect(result).toMatchObject({ success: true, successNotification: { message: 'Password changed successfully.' } });
  });
});
