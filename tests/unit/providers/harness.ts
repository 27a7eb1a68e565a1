import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createI18n } from '../../../src/i18n/i18n';
import { createAuthProvider } from '../../../src/providers/auth-provider';
import { createHttpClient, type SealerLike } from '../../../src/providers/http-client';
import { createMemoryStorage, createSessionStore, type SessionEndEvent } from '../../../src/providers/session-store';
import type { SealInput } from '../../../common/protocol/types';

export const API = 'http://ui.test/backoffice/api';
export const PUBLIC_KEY = '-----BEGIN PUBLIC KEY-----\nMIIBfake\n-----END PUBLIC KEY-----\n';
export const LOGIN_ANSWER = {
  user_id: 'u-17',
  username: 'analyst',
  role: 2,
  access_token: 'a'.repeat(43),
  anonymous_paths: ['GET /publicKey', 'POST /login', 'POST /users', 'POST /forgot-password', 'POST /reset-password', 'GET /health'],
  expires_at: '2030-01-01T00:00:00.000Z',
};
export const rcKey = (kid: number) => `${kid.toString(16).padStart(8, '0')}.c2VjcmV0LXNlY3JldC1zZWNyZXQ`;

/** Records what it was asked to seal; the headers name the rc-key so tests can see which one was used. */
export function createFakeSealer() {
  const calls: SealInput[] = [];
  const sealer: SealerLike = {
    async seal(input) {
      calls.push(input);
      return {
        Authorization: `Bearer sealed-with-${input.rcKey}`,
        'encrypted-key': 'ZW5jcnlwdGVk',
        'key-padding': 'c2FsdA==',
        'unique-req-id': input.userId,
      };
    },
  };
  return { sealer, calls };
}

/** The standard accounts endpoints; tests add or override handlers with server.use(). */
export const accountHandlers = [
  http.get(`${API}/publicKey`, () => HttpResponse.json({ publicKey: PUBLIC_KEY })),
  http.post(`${API}/login`, async ({ request }) => {
    const body = (await request.json()) as { username?: string; password?: string };
    if (body.password !== 'right-password') {
      return HttpResponse.json({ message: 'Incorrect username or password.' }, { status: 401 });
    }
    return HttpResponse.json(LOGIN_ANSWER, { headers: { 'rc-key': rcKey(1) } });
  }),
];

export const server = setupServer(...accountHandlers);

export function createHarness(language: 'en' | 'es' = 'en') {
  const storage = createMemoryStorage();
  const session = createSessionStore(storage);
  const ends: SessionEndEvent[] = [];
  session.subscribe((event) => ends.push(event));
  const i18n = createI18n(language);
  const translate = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
  const { sealer, calls } = createFakeSealer();
  const client = createHttpClient({ baseURL: API, session, translate, sealer });
  const auth = createAuthProvider({ http: client, session, translate });
  return { storage, session, ends, client, auth, seals: calls, translate };
}

/** Logs in through the real auth provider against the msw login handler. */
export async function loggedIn() {
  const harness = createHarness();
  const result = await harness.auth.login({ username: 'analyst', password: 'right-password' });
  if (!result.success) throw new Error('login failed in the harness');
  return harness;
}

/** True when the request carried the four sealing headers. */
export function isSealed(request: Request): boolean {
  return ['authorization', 'encrypted-key', 'key-padding', 'unique-req-id'].every((name) => request.headers.has(name));
}

export const SESSION_ITEMS = ['current_user', 'access_token', 'rc-key', 'public_key'] as const;
