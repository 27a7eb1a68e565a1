import { expect, it, vi } from 'vitest';
import { ANONYMOUS_LIMITS } from '../../../server/src/plugins/app/rate-limit.js';
import { API, createUser, describeEachDatabase, freshIp, latestOutboxCode, uniqueName } from '../helper.js';

// Counts every scrypt hash the server starts, whichever route asks.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../server/src/lib/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../server/src/lib/passwords.js')>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      hashes.count += 1;
      return actual.hashPassword(password);
    },
  };
});

describeEachDatabase('anonymous endpoints', (suite) => {
  const register = (app: Awaited<ReturnType<typeof suite.build>>, ip: string) => {
    const username = uniqueName('r');
    return app.inject({
      method: 'POST',
      url: `${API}/users`,
      payload: { username, email: `${username}@example.com`, password: 'Secret123', name: 'R' },
      remoteAddress: ip,
    });
  };

  it('answers 429 to registrations from one address past the limit, counted across instances', async () => {
    const [a, b] = await Promise.all([suite.build(), suite.build()]);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) statuses.push((await register(attempt % 2 ? a : b, ip)).statusCode);
    const { max } = ANONYMOUS_LIMITS.register;
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(201));
    expect(new Set(statuses.slice(max))).toEqual(new Set([429]));
    const refused = await register(a, ip);
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message: `Too many requests. Try again in ${seconds} seconds.`,
      code: 'tooManyRequests',
      params: { count: seconds },
    });
    // Only `max` accounts exist; another address still registers.
    expect((await register(b, freshIp())).statusCode).toBe(201);
  });

  it('limits login, forgot-password and reset-password per address too', async () => {
    const app = await suite.build();
    for (const [url, payload, limit] of [
      // Counted before the body is even read: malformed sign-ins count too.
      ['/login', {}, ANONYMOUS_LIMITS.login.max],
      ['/forgot-password', { email: 'nobody@example.com' }, ANONYMOUS_LIMITS.forgotPassword.max],
      ['/reset-password', { email: 'nobody@example.com', otp: '123456', newPassword: 'Changed123' }, ANONYMOUS_LIMITS.resetPassword.max],
    ] as const) {
      const ip = freshIp();
      for (let attempt = 0; attempt < limit; attempt += 1) {
        expect((await app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress: ip })).statusCode, url).not.toBe(429);
      }
      const refused = await app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress: ip });
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().code, url).toBe('tooManyRequests');
    }
  });

  it('checks the reset code before hashing: wrong codes never reach scrypt', async () => {
    const app = await suite.build();
    const { email } = await createUser(suite, app);
    await app.inject({ method: 'POST', url: `${API}/forgot-password`, payload: { email }, remoteAddress: freshIp() });
    const code = await latestOutboxCode(suite.dataDir(), email);
    const wrong = code === '000000' ? '000001' : '000000';

    hashes.count = 0;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: `${API}/reset-password`,
        payload: { email, otp: wrong, newPassword: 'Changed123' },
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(422);
    }
    // Unknown addresses neither.
    await app.inject({ method: 'POST', url: `${API}/reset-password`, payload: { email: 'nobody@example.com', otp: code, newPassword: 'Changed123' } });
    expect(hashes.count).toBe(0);

    const right = await app.inject({ method: 'POST', url: `${API}/reset-password`, payload: { email, otp: code, newPassword: 'Changed123' }, remoteAddress: freshIp() });
    expect(right.statusCode).toBe(200);
    expect(hashes.count).toBe(1);
  });
});
