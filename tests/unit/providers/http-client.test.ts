import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/providers/http-error';
import { API, createHarness, isSealed, loggedIn, PUBLIC_KEY, rcKey, server, SESSION_ITEMS } from './harness';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const GENERIC = 'Something went wrong. Please try again later.';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('sealing', () => {
  it('sends anonymous calls bare and seals every other call with the newest key and the user id', async () => {
    const seen: { path: string; sealed: boolean; auth: string | null; id: string | null }[] = [];
    server.events.on('request:start', ({ request }) => {
      seen.push({
        path: new URL(request.url).pathname,
        sealed: isSealed(request),
        auth: request.headers.get('authorization'),
        id: request.headers.get('unique-req-id'),
      });
    });
    server.use(http.get(`${API}/me`, () => HttpResponse.json({}, { headers: { 'rc-key': rcKey(2) } })));
    const { client } = await loggedIn();
    await client.request({ method: 'get', url: '/me' });
    server.events.removeAllListeners();

    expect(seen).toEqual([
      { path: '/backoffice/api/publicKey', sealed: false, auth: null, id: null },
      { path: '/backoffice/api/login', sealed: false, auth: null, id: null },
      { path: '/backoffice/api/me', sealed: true, auth: `Bearer sealed-with-${rcKey(1)}`, id: 'u-17' },
    ]);
  });

  it('follows the anonymous_paths of the login answer once logged in', async () => {
    const { client, storage } = await loggedIn();
    const user = JSON.parse(storage.getItem('current_user') ?? '{}') as Record<string, unknown>;
    storage.setItem('current_user', JSON.stringify({ ...user, anonymous_paths: ['GET /health', 'GET /status'] }));
    let sealed: boolean | undefined;
    server.use(
      http.get(`${API}/status`, ({ request }) => {
        sealed = isSealed(request);
        return HttpResponse.json({ ok: true });
      }),
    );
    await client.request({ method: 'get', url: '/status' });
    expect(sealed).toBe(false);
  });

  it('seals GET /users (the admin list): only POST /users is anonymous', async () => {
    const { client } = await loggedIn();
    let sealed: boolean | undefined;
    server.use(
      http.get(`${API}/users`, ({ request }) => {
        sealed = isSealed(request);
        return HttpResponse.json([], { headers: { 'rc-key': rcKey(2) } });
      }),
    );
    await client.request({ method: 'get', url: '/users' });
    expect(sealed).toBe(true);
  });

  it('fetches the public key once and keeps it', async () => {
    const { client, storage } = createHarness();
    let fetched = 0;
    server.use(
      http.get(`${API}/publicKey`, () => {
        fetched += 1;
        return HttpResponse.json({ publicKey: PUBLIC_KEY });
      }),
    );
    await Promise.all([client.ensurePublicKey(), client.ensurePublicKey()]);
    await client.ensurePublicKey();
    expect(fetched).toBe(1);
    expect(storage.getItem('public_key')).toBe(PUBLIC_KEY);
  });
});

describe('rc-key bookkeeping', () => {
  it('keeps the key with the highest kid when answers arrive out of order', async () => {
    const { client, storage, seals } = await loggedIn();
    server.use(
      // The newer key (kid 3) arrives first, the older one (kid 2) after it.
      http.get(`${API}/fast`, () => HttpResponse.json({}, { headers: { 'rc-key': rcKey(3) } })),
      http.get(`${API}/slow`, async () => {
        await delay(60);
        return HttpResponse.json({}, { headers: { 'rc-key': rcKey(2) } });
      }),
      http.get(`${API}/next`, () => HttpResponse.json({}, { headers: { 'rc-key': rcKey(4) } })),
    );
    const order: string[] = [];
    await Promise.all([
      client.request({ method: 'get', url: '/slow' }).then(() => order.push('slow')),
      client.request({ method: 'get', url: '/fast' }).then(() => order.push('fast')),
    ]);
    expect(order).toEqual(['fast', 'slow']);
    expect(storage.getItem('rc-key')).toBe(rcKey(3));

    await client.request({ method: 'get', url: '/next' });
    expect(seals.at(-1)?.rcKey).toBe(rcKey(3));
    expect(storage.getItem('rc-key')).toBe(rcKey(4));
  });

  it('takes the fresh key from error answers too', async () => {
    const { client, storage } = await loggedIn();
    server.use(http.get(`${API}/broken`, () => HttpResponse.json({ message: 'Boom' }, { status: 500, headers: { 'rc-key': rcKey(9) } })));
    const error = await failure(client.request({ method: 'get', url: '/broken' }));
    expect(error).toMatchObject({ statusCode: 500, message: 'Boom', sessionEnded: false });
    expect(storage.getItem('rc-key')).toBe(rcKey(9));
  });
});

/** A /me handler that notes whether any request reached it. */
function watchMe(): { called: boolean } {
  const seen = { called: false };
  server.use(
    http.get(`${API}/me`, () => {
      seen.called = true;
      return HttpResponse.json({});
    }),
  );
  return seen;
}

describe('answers that end the session', () => {
  it('a sealed answer without rc-key is "Internal Server Error" and clears the storage', async () => {
    const { client, storage, ends } = await loggedIn();
    server.use(http.get(`${API}/me`, () => HttpResponse.json({ user_id: 'u-17' })));
    const error = await failure(client.request({ method: 'get', url: '/me' }));
    expect(error).toMatchObject({ message: 'Internal Server Error', statusCode: 500, sessionEnded: true });
    for (const key of SESSION_ITEMS) expect(storage.getItem(key)).toBeNull();
    expect(ends.map((event) => event.reason?.message)).toEqual(['Internal Server Error']);
  });

  it('a 401 shows the server message and clears the storage', async () => {
    const { client, storage, ends } = await loggedIn();
    server.use(http.get(`${API}/me`, () => HttpResponse.json({ message: 'Session expired.' }, { status: 401 })));
    const error = await failure(client.request({ method: 'get', url: '/me' }));
    expect(error).toMatchObject({ message: 'Session expired.', statusCode: 401, sessionEnded: true });
    for (const key of SESSION_ITEMS) expect(storage.getItem(key)).toBeNull();
    expect(ends).toHaveLength(1);
  });

  it('a missing token is "Internal Storage Error. Please login again." and no request leaves', async () => {
    const { client, storage, ends } = await loggedIn();
    storage.removeItem('access_token');
    const me = watchMe();
    const error = await failure(client.request({ method: 'get', url: '/me' }));
    expect(error.message).toBe('Internal Storage Error. Please login again.');
    expect(error.sessionEnded).toBe(true);
    expect(me.called).toBe(false);
    for (const key of SESSION_ITEMS) expect(storage.getItem(key)).toBeNull();
    expect(ends).toHaveLength(1);
  });

  it.each(['rc-key', 'public_key', 'current_user'])('a missing %s is the same storage error', async (key) => {
    const { client, storage } = await loggedIn();
    storage.removeItem(key);
    const error = await failure(client.request({ method: 'get', url: '/me' }));
    expect(error.message).toBe('Internal Storage Error. Please login again.');
  });

  it('a request after the session ended (sign-out, announced expiry) fails quietly: no storage error, no second end', async () => {
    const { client, session, ends } = await loggedIn();
    session.end();
    const me = watchMe();
    const error = await failure(client.request({ method: 'get', url: '/me' }));
    expect(error).toMatchObject({ statusCode: 401, sessionEnded: true });
    expect(error.message).not.toBe('Internal Storage Error. Please login again.');
    expect(me.called).toBe(false);
    expect(ends).toEqual([{}]);
  });

  it('a session being ended by logout does not announce a second end', async () => {
    const { client, ends } = await loggedIn();
    server.use(http.post(`${API}/logout`, () => new HttpResponse(null, { status: 204 })));
    await failure(client.request({ method: 'post', url: '/logout', endingSession: true }));
    expect(ends).toEqual([{}]);
  });
});

describe('answers that keep the session', () => {
  it('a network error is the generic message and keeps every key', async () => {
    const { client, storage, ends } = await loggedIn();
    const before = Object.fromEntries(SESSION_ITEMS.map((key) => [key, storage.getItem(key)]));
    server.use(http.get(`${API}/me`, () => HttpResponse.error()));
    const error = await failure(client.request({ method: 'get', url: '/me' }));
    expect(error).toMatchObject({ message: GENERIC, statusCode: 0, sessionEnded: false });
    expect(Object.fromEntries(SESSION_ITEMS.map((key) => [key, storage.getItem(key)]))).toEqual(before);
    expect(ends).toEqual([]);
  });

  it.each([502, 503, 504])('a gateway %i without rc-key is the generic message and keeps the session', async (status) => {
    const { client, session, ends } = await loggedIn();
    server.use(http.get(`${API}/me`, () => new HttpResponse('<html>Bad gateway</html>', { status })));
    const error = await failure(client.request({ method: 'get', url: '/me' }));
    expect(error).toMatchObject({ message: GENERIC, statusCode: status, sessionEnded: false });
    expect(session.isActive()).toBe(true);
    expect(ends).toEqual([]);
  });

  it('a 503 that carries an rc-key came from the service: its message is shown', async () => {
    const { client, session } = await loggedIn();
    server.use(
      http.get(`${API}/me`, () =>
        HttpResponse.json({ message: 'Maintenance until noon.' }, { status: 503, headers: { 'rc-key': rcKey(5) } }),
      ),
    );
    const error = await failure(client.request({ method: 'get', url: '/me' }));
    expect(error).toMatchObject({ message: 'Maintenance until noon.', statusCode: 503 });
    expect(session.rcKey()).toBe(rcKey(5));
  });

  it('a 422 is one HttpError with the field errors', async () => {
    const { client, session } = await loggedIn();
    server.use(
      http.post(`${API}/things`, () =>
        HttpResponse.json(
          { message: 'Check the company inputs.', errors: { email: 'must be an email', compName: 'is required' } },
          { status: 422, headers: { 'rc-key': rcKey(2) } },
        ),
      ),
    );
    const error = await failure(client.request({ method: 'post', url: '/things', data: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 422,
      message: 'Check the company inputs.',
      errors: { email: 'must be an email', compName: 'is required' },
      sessionEnded: false,
    });
    expect(session.isActive()).toBe(true);
  });

  it("words a coded answer in the reader's language, fields and plurals included; an unknown code keeps the server's words", async () => {
    const { client } = createHarness('es');
    server.use(
      http.post(`${API}/users`, () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            code: 'validation',
            errors: { username: 'must be at most 15 characters', email: 'is already registered', name: 'is odd' },
            reasons: { username: { code: 'tooLong', params: { limit: 15 } }, email: { code: 'emailTaken' }, name: { code: 'noSuchCode' } },
          },
          { status: 422 },
        ),
      ),
      http.post(`${API}/forgot-password`, () =>
        HttpResponse.json({ message: 'A row is not valid (1 problem).', code: 'uploadRows', params: { count: 1 } }, { status: 422 }),
      ),
      http.post(`${API}/reset-password`, () => HttpResponse.json({ message: 'Brand new words.', code: 'brandNew' }, { status: 422 })),
    );
    const invalid = await failure(client.request({ method: 'post', url: '/users', data: {} }));
    expect(invalid).toMatchObject({
      message: 'Algunos campos no son válidos.',
      errors: { username: 'debe tener como máximo 15 caracteres', email: 'ya está registrado', name: 'is odd' },
    });
    const counted = await failure(client.request({ method: 'post', url: '/forgot-password', data: {} }));
    expect(counted.message).toBe('Una fila no es válida (1 problema); no se ha importado nada.');
    const unknown = await failure(client.request({ method: 'post', url: '/reset-password', data: {} }));
    expect(unknown.message).toBe('Brand new words.');
  });

  it('an anonymous 401 (wrong password) is a plain error', async () => {
    const { client, ends } = createHarness();
    const error = await failure(client.request({ method: 'post', url: '/login', data: { username: 'x', password: 'y' } }));
    expect(error).toMatchObject({ statusCode: 401, message: 'Incorrect username or password.', sessionEnded: false });
    expect(ends).toEqual([]);
  });
});
