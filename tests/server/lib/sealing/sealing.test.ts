import { constants, createCipheriv, generateKeyPairSync, pbkdf2Sync, publicEncrypt, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { AES_KEY_BYTES, PBKDF2_ITERATIONS } from '../../../../common/protocol/constants.js';
import { formatKid, ivFor, parseRcKey } from '../../../../common/protocol/entity.js';
import type { SealedHeaders } from '../../../../common/protocol/types.js';
import { HttpError } from '../../../../server/src/errors.js';
import { sealWithNode } from '../../../../server/src/lib/sealing/open.js';
import { createSessionStore, pruneSessions } from '../../../../server/src/modules/accounts/sessions-repository.js';
import {
  API,
  createUser,
  DEMO_PASSWORD,
  describeEachDatabase,
  login,
  sealed,
  sealFor,
  SESSION_EXPIRED,
  type Session,
  type SuiteContext,
} from '../../helper.js';

const RC_KEY = /^[0-9a-f]{8}\.[A-Za-z0-9_-]{32,}$/;

/** Routes only tests need: a handler that fails, and routes guarded by resource. */
async function testRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get('/test/boom', { config: { access: 'authenticated' } }, async () => {
    throw new Error('database exploded: secret detail');
  });
  fastify.get('/test/teapot', { config: { access: 'authenticated' } }, async () => {
    throw new HttpError(418, 'badRequest');
  });
  fastify.get('/test/users', { config: { access: { resource: 'users', action: 'list' } } }, async () => []);
  fastify.get('/test/reports', { config: { access: { resource: 'reports', action: 'list' } } }, async () => []);
}

async function start(suite: SuiteContext) {
  const app = await suite.build({}, { apiPlugins: [testRoutes] });
  const user = await createUser(suite, app);
  const session = await login(app, user.username, user.password);
  return { app, session, user };
}

function send(app: FastifyInstance, headers: Partial<SealedHeaders> | Record<string, string>, url = `${API}/me`) {
  return app.inject({ method: 'GET', url, headers: headers as Record<string, string> });
}

function expectRefused(response: Awaited<ReturnType<typeof send>>): void {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual(SESSION_EXPIRED);
  expect(response.headers['rc-key']).toBeUndefined();
}

/**
 * Seals any entity JSON with the session's real key, as a forger holding the token and
 * rc-key could: the sealers refuse to build an entity the protocol does not allow.
 */
function sealRawEntity(session: Session, entityJson: string, rcKey = session.rcKey): SealedHeaders {
  const salt = randomBytes(16);
  const aesKey = pbkdf2Sync(Buffer.from(rcKey, 'utf8'), salt, PBKDF2_ITERATIONS, AES_KEY_BYTES, 'sha256');
  const cipher = createCipheriv('aes-128-cbc', aesKey, Buffer.from(ivFor(session.username), 'latin1'));
  const ciphertext = Buffer.concat([cipher.update(entityJson, 'utf8'), cipher.final()]);
  const encryptedKey = publicEncrypt(
    { key: session.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    Authorization: `Bearer ${ciphertext.toString('base64')}`,
    'encrypted-key': encryptedKey.toString('base64'),
    'key-padding': salt.toString('base64'),
    'unique-req-id': session.userId,
  };
}

/** Flips one base64 character in the middle, keeping the encoding valid. */
function tamper(base64: string): string {
  const middle = Math.floor(base64.length / 2);
  const swapped = base64[middle] === 'A' ? 'B' : 'A';
  return base64.slice(0, middle) + swapped + base64.slice(middle + 1);
}

describeEachDatabase('sealing', (suite) => {
  it('accepts a sealed request and answers with the next cipher key', async () => {
    const { app, session } = await start(suite);
    const first = session.rcKey;
    const response = await sealed(app, session, { method: 'GET', url: `${API}/me` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['rc-key']).toMatch(RC_KEY);
    expect(response.headers['access-control-expose-headers']).toBe('rc-key');
    expect(parseRcKey(String(response.headers['rc-key']))?.kidNumber).toBe((parseRcKey(first)?.kidNumber ?? 0) + 1);
    session.rcKey = String(response.headers['rc-key']);
    // Any conforming sealer will do: node:crypto's, as the benchmark uses, with the new key.
    const again = await send(app, sealWithNode(session));
    expect(again.statusCode).toBe(200);
  });

  it('answers 401, never 500, to a kid past the database integer, on every sealed route', async () => {
    const { app, session } = await start(suite);
    const secret = session.rcKey.split('.')[1] ?? '';
    const entity = (kid: string) =>
      JSON.stringify({ username: session.username, access_token: session.accessToken, kid, ts: Date.now() });
    const forged: Array<[string, SealedHeaders]> = [
      // 2147483648: one past int4, still eight hex digits as the protocol writes kids.
      ['kid 80000000', sealRawEntity(session, entity('80000000'), `80000000.${secret}`)],
      ['kid ffffffff', sealRawEntity(session, entity('ffffffff'), `ffffffff.${secret}`)],
      ['kid 99999999999', sealRawEntity(session, entity('99999999999'), `99999999999.${secret}`)],
      ['kid 2147483648 in decimal', sealRawEntity(session, entity('2147483648'), `2147483648.${secret}`)],
    ];
    for (const [label, headers] of forged) {
      for (const [method, url] of [['GET', `${API}/me`], ['POST', `${API}/logout`], ['GET', `${API}/test/users`]] as const) {
        const response = await app.inject({ method, url, headers: headers as unknown as Record<string, string> });
        expect(response.statusCode, `${label} ${method} ${url}`).toBe(401);
        expect(response.json(), label).toEqual(SESSION_EXPIRED);
        expect(response.headers['rc-key'], label).toBeUndefined();
      }
    }
    // The session is untouched, and a well-formed entity sealed the same way passes.
    expect((await app.inject({ method: 'GET', url: `${API}/me`, headers: sealRawEntity(session, entity(session.rcKey.split('.')[0] ?? '')) as unknown as Record<string, string> })).statusCode).toBe(200);
  });

  it('answers every failed check with the same 401 and no key; only the log says which', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const app = await suite.build({}, { logger: { level: 'info', stream } });
    const user = await createUser(suite, app);
    const session = await login(app, user.username, user.password);
    const good = await sealFor(session);
    const kid = session.rcKey.split('.')[0];
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

    const refused: Array<[string, Record<string, string>, string]> = [];
    for (const header of ['Authorization', 'encrypted-key', 'key-padding', 'unique-req-id'] as const) {
      const { [header]: _dropped, ...rest } = good;
      refused.push([`missing ${header}`, rest, 'headers']);
    }
    refused.push(
      ['no Bearer prefix', { ...good, Authorization: good.Authorization.slice('Bearer '.length) }, 'headers'],
      ['bad base64 in Authorization', { ...good, Authorization: 'Bearer !!!not-base64!!!' }, 'headers'],
      ['a salt that is not 16 bytes', { ...good, 'key-padding': Buffer.alloc(15).toString('base64') }, 'headers'],
      ['a salt in base64url', { ...good, 'key-padding': '-'.repeat(22) + '==' }, 'headers'],
      ['a non-numeric user id', { ...good, 'unique-req-id': 'abc' }, 'headers'],
      ['an unknown user id', { ...good, 'unique-req-id': '987654321' }, 'user'],
      ['bad base64 in encrypted-key', { ...good, 'encrypted-key': 'not base64 at all' }, 'encrypted-key'],
      ['tampered encrypted key', { ...good, 'encrypted-key': tamper(good['encrypted-key']) }, 'encrypted-key'],
      ['sealed for another public key', { ...(await sealFor(session, { publicKeyPem: otherKeyPem })) }, 'encrypted-key'],
      ['tampered ciphertext', { ...good, Authorization: `Bearer ${tamper(good.Authorization.slice(7))}` }, 'entity'],
      // The super admin (id 1) is active, but the entity was sealed with this user's IV and name.
      ['another user id', { ...good, 'unique-req-id': '1' }, 'entity'],
      ['another access token', { ...(await sealFor(session, { accessToken: 'x'.repeat(43) })) }, 'session'],
      ['ts 61 s in the past', { ...(await sealFor(session, { ts: Date.now() - 61_000 })) }, 'timestamp'],
      ['ts 61 s in the future', { ...(await sealFor(session, { ts: Date.now() + 61_000 })) }, 'timestamp'],
      ['a kid never issued', { ...(await sealFor(session, { rcKey: `${formatKid(999)}.${session.rcKey.split('.')[1]}` })) }, 'kid'],
      ['a wrong cipher-key secret', { ...(await sealFor(session, { rcKey: `${kid}.${'A'.repeat(32)}` })) }, 'cipher-key'],
    );
    // "<name>0" pads into the same IV as "<name>": the decryption succeeds, only the username check can catch it.
    if (user.username.length < 15) {
      refused.push(['an entity naming another username', { ...(await sealFor(session, { username: `${user.username}0` })) }, 'entity']);
    }

    const bodies = new Set<string>();
    for (const [label, headers, reason] of refused) {
      lines.length = 0;
      const response = await send(app, headers);
      expect(response.statusCode, label).toBe(401);
      expect(response.headers['rc-key'], label).toBeUndefined();
      bodies.add(response.body);
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; reason?: string }).find((line) => line.reason);
      expect(logged, label).toMatchObject({ msg: 'sealed request refused', reason });
      // Nothing secret reaches the log.
      expect(lines.join('\n'), label).not.toContain(session.accessToken);
    }
    expect([...bodies]).toEqual([JSON.stringify(SESSION_EXPIRED)]);

    // None of it harmed the session.
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);
  });

  it('names the failed step in the log also for keys the instance issued itself', async () => {
    const lines: string[] = [];
    const app = await suite.build({}, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    const user = await createUser(suite, app);
    const session = await login(app, user.username, user.password);
    const reasonOf = async (headers: Parameters<typeof send>[1]) => {
      lines.length = 0;
      const response = await send(app, headers);
      expectRefused(response);
      return lines.map((line) => JSON.parse(line) as { reason?: string }).find((line) => line.reason)?.reason;
    };

    const replayed = await sealFor(session);
    expect((await send(app, replayed)).statusCode).toBe(200);
    expect(await reasonOf(replayed)).toBe('replay');

    await sealed(app, session, { method: 'GET', url: `${API}/me` });
    const previous = session.rcKey;
    await sealed(app, session, { method: 'GET', url: `${API}/me` });
    expect(await reasonOf({ ...(await sealFor(session, { ts: Date.now() - 61_000 })) })).toBe('timestamp');
    await suite.sql(
      `UPDATE cipher_keys SET issued_at = now() - interval '61 seconds'
        WHERE kid = $1 AND session_id IN (SELECT id FROM sessions WHERE user_id = $2)`,
      [parseRcKey(previous)?.kidNumber, user.userId],
    );
    expect(await reasonOf({ ...(await sealFor(session, { rcKey: previous })) })).toBe('kid');

    await suite.sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [user.userId]);
    expect(await reasonOf({ ...(await sealFor(session)) })).toBe('user');
    await suite.sql(`UPDATE users SET status = 'active' WHERE id = $1`, [user.userId]);
    await suite.sql(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [user.userId]);
    expect(await reasonOf({ ...(await sealFor(session)) })).toBe('session');
  });

  it('refuses a replayed request', async () => {
    const { app, session } = await start(suite);
    const headers = await sealFor(session);
    expect((await send(app, headers)).statusCode).toBe(200);
    expectRefused(await send(app, headers));
  });

  it('accepts a burst of requests of two sessions at once: each once, each with its own next kid', async () => {
    const { app, session } = await start(suite);
    const other = await createUser(suite, app);
    const otherSession = await login(app, other.username, other.password);
    const mine = await Promise.all(Array.from({ length: 12 }, () => sealFor(session)));
    const theirs = await Promise.all(Array.from({ length: 6 }, () => sealFor(otherSession)));
    // The same sealed request twice in one burst: a replay, however close together.
    const burst = [...mine, ...theirs, mine[0] as SealedHeaders, theirs[0] as SealedHeaders];
    const answers = await Promise.all(burst.map((headers) => send(app, headers)));

    const kidsOf = (from: number, to: number) =>
      answers
        .slice(from, to)
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => parseRcKey(String(answer.headers['rc-key']))?.kidNumber)
        .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(18);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(2);
    // Login issued kid 1; each accepted request the next one, none twice, none skipped.
    const myKids = [...kidsOf(0, 12), ...kidsOf(18, 19)].sort((a, b) => (a ?? 0) - (b ?? 0));
    const theirKids = [...kidsOf(12, 18), ...kidsOf(19, 20)].sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(myKids).toEqual(Array.from({ length: 12 }, (_, index) => index + 2));
    expect(theirKids).toEqual(Array.from({ length: 6 }, (_, index) => index + 2));
    const [salts] = await suite.sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM seen_salts s JOIN sessions ON sessions.id = s.session_id WHERE sessions.user_id IN ($1, $2)`,
      [session.userId, otherSession.userId],
    );
    expect(salts?.count).toBe(18);
  });

  it('checks each request of one shared statement on its own', async () => {
    const { app, session } = await start(suite);
    const [row] = await suite.sql<{ id: string }>(`SELECT id::text AS id FROM sessions WHERE user_id = $1`, [session.userId]);
    const base = {
      userId: session.userId,
      username: session.username,
      sessionId: row?.id ?? '',
      kid: 1,
      graceMs: 60_000,
    };
    const store = createSessionStore(app.db, { idleMinutes: app.env.SESSION_IDLE_MINUTES });
    // Made in one tick, so they share one statement.
    const answers = await Promise.all([
      store.acceptAndIssue({ ...base, salt: 'salt-a', secret: 'secret-a' }),
      store.acceptAndIssue({ ...base, salt: 'salt-b', secret: 'secret-b' }),
      store.acceptAndIssue({ ...base, salt: 'salt-a', secret: 'secret-c' }),
      store.acceptAndIssue({ ...base, kid: 99, salt: 'salt-d', secret: 'secret-d' }),
      store.acceptAndIssue({ ...base, username: 'someone-else', salt: 'salt-e', secret: 'secret-e' }),
      store.acceptAndIssue({ ...base, salt: 'salt-f', secret: 'secret-f' }),
    ]);
    expect(answers.map((answer) => answer?.kid)).toEqual([2, 3, undefined, undefined, undefined, 4]);
    expect(answers[0]?.user).toMatchObject({ id: session.userId, username: session.username });
    const keys = await suite.sql<{ kid: number; secret: string }>(
      `SELECT kid, secret FROM cipher_keys WHERE session_id = $1 ORDER BY kid`,
      [base.sessionId],
    );
    expect(keys.map((key) => [key.kid, key.secret]).slice(1)).toEqual([
      [2, 'secret-a'],
      [3, 'secret-b'],
      [4, 'secret-f'],
    ]);
  });

  it('accepts a ts within 60 s either way', async () => {
    const { app, session } = await start(suite);
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me`, seal: { ts: Date.now() - 55_000 } })).statusCode).toBe(200);
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me`, seal: { ts: Date.now() + 55_000 } })).statusCode).toBe(200);
  });

  it('accepts an older kid for 60 s (parallel requests), then only the newest', async () => {
    const { app, session } = await start(suite);
    const first = session.rcKey;
    const parallel = await Promise.all([1, 2, 3].map(() => sealFor(session)));
    const answers = await Promise.all(parallel.map((headers) => send(app, headers)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const kids = answers.map((answer) => parseRcKey(String(answer.headers['rc-key']))?.kidNumber);
    expect(new Set(kids).size).toBe(3);

    // The first key is still usable within the grace period...
    const late = await send(app, await sealFor(session, { rcKey: first }));
    expect(late.statusCode).toBe(200);
    session.rcKey = String(late.headers['rc-key']);
    // ...but not once it is older than 60 s and not the newest.
    await suite.sql(
      `UPDATE cipher_keys SET issued_at = now() - interval '61 seconds'
        WHERE kid = 1 AND session_id = (SELECT id FROM sessions WHERE user_id = $1)`,
      [session.userId],
    );
    expectRefused(await send(app, await sealFor(session, { rcKey: first })));

    // The newest key stays usable however old it is.
    const newest = await sealed(app, session, { method: 'GET', url: `${API}/me` });
    expect(newest.statusCode).toBe(200);
    session.rcKey = String(newest.headers['rc-key']);
    await suite.sql(
      `UPDATE cipher_keys SET issued_at = now() - interval '1 hour'
        WHERE session_id = (SELECT id FROM sessions WHERE user_id = $1)`,
      [session.userId],
    );
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);
  });

  it('refuses a revoked, idle or expired session, and a user no longer active', async () => {
    const { app, session, user } = await start(suite);
    const sessionWhere = 'WHERE user_id = $1';

    await suite.sql(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' ${sessionWhere}`, [user.userId]);
    expectRefused(await sealed(app, session, { method: 'GET', url: `${API}/me` }));
    await suite.sql(`UPDATE sessions SET last_seen_at = now() ${sessionWhere}`, [user.userId]);
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);

    await suite.sql(`UPDATE sessions SET expires_at = now() - interval '1 second' ${sessionWhere}`, [user.userId]);
    expectRefused(await sealed(app, session, { method: 'GET', url: `${API}/me` }));
    await suite.sql(`UPDATE sessions SET expires_at = now() + interval '1 hour' ${sessionWhere}`, [user.userId]);

    await suite.sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [user.userId]);
    expectRefused(await sealed(app, session, { method: 'GET', url: `${API}/me` }));
    await suite.sql(`UPDATE users SET status = 'active' WHERE id = $1`, [user.userId]);
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);

    await suite.sql(`UPDATE sessions SET revoked_at = now() ${sessionWhere}`, [user.userId]);
    expectRefused(await sealed(app, session, { method: 'GET', url: `${API}/me` }));
  });

  it('puts a fresh rc-key on 2xx, 4xx and 5xx answers alike', async () => {
    const { app, session } = await start(suite);
    const seen: string[] = [];
    const check = async (request: Parameters<typeof sealed>[2], status: number) => {
      const response = await sealed(app, session, request);
      expect(response.statusCode).toBe(status);
      expect(response.headers['rc-key']).toMatch(RC_KEY);
      expect(response.headers['access-control-expose-headers']).toBe('rc-key');
      // A key must not sit in any cache, whatever the status.
      expect(response.headers['cache-control']).toBe('no-store');
      seen.push(String(response.headers['rc-key']));
      return response;
    };
    await check({ method: 'GET', url: `${API}/me` }, 200);
    // A validation failure (schema), a handler's 422, a client error and a thrown server error.
    await check({ method: 'POST', url: `${API}/change-user-password`, payload: { oldPassword: 'x' } }, 422);
    await check({ method: 'POST', url: `${API}/change-user-password`, payload: { oldPassword: 'Wrong1234', newPassword: 'Changed123' } }, 422);
    await check({ method: 'GET', url: `${API}/test/teapot` }, 418);
    const boom = await check({ method: 'GET', url: `${API}/test/boom` }, 500);
    expect(boom.json()).toMatchObject({ message: 'Something went wrong. Please try again later.' });
    expect(boom.body).not.toContain('secret detail');
    await check({ method: 'POST', url: `${API}/change-user-password`, payload: '{"broken json', headers: { 'content-type': 'application/json' } }, 400);
    await check({ method: 'GET', url: `${API}/test/users` }, 403);
    await check({ method: 'POST', url: `${API}/logout` }, 204);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('guards resource routes by role, and hides those of disabled modules', async () => {
    const { app, session: analyst } = await start(suite);
    const admin = await login(app, 'admin', DEMO_PASSWORD);

    const forbidden = await sealed(app, analyst, { method: 'GET', url: `${API}/test/users` });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: expect.any(String) });
    expect((await sealed(app, admin, { method: 'GET', url: `${API}/test/users` })).statusCode).toBe(200);

    // The Reports module is disabled in config/app.json: its routes do not exist, for any role.
    for (const session of [analyst, admin]) {
      const response = await sealed(app, session, { method: 'GET', url: `${API}/test/reports` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Not found.' });
    }
    // A guarded route checks the seal first: anonymous callers get the 401.
    expectRefused(await send(app, {}, `${API}/test/users`));
  });

  it('works across two instances on one database', async () => {
    const a = await suite.build();
    const b = await suite.build();
    const user = await createUser(suite, a);
    const session = await login(a, user.username, user.password);

    // A's key works on B, and B's answer key works on A.
    const onB = await sealed(b, session, { method: 'GET', url: `${API}/me` });
    expect(onB.statusCode).toBe(200);
    expect(session.rcKey).toBe(onB.headers['rc-key']);
    expect((await sealed(a, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);

    // A request replayed on the other instance is refused.
    const headers = await sealFor(session);
    expect((await send(a, headers)).statusCode).toBe(200);
    expectRefused(await send(b, headers));

    // Keys issued in parallel by both instances never share a kid.
    const parallel = await Promise.all(
      [a, b, a, b, a, b].map(async (app) => send(app, await sealFor(session))),
    );
    expect(parallel.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const kids = parallel.map((response) => String(response.headers['rc-key']).split('.')[0]);
    expect(new Set(kids).size).toBe(kids.length);

    // Logging out on one instance ends the session on the other.
    expect((await sealed(b, session, { method: 'POST', url: `${API}/logout` })).statusCode).toBe(204);
    expectRefused(await sealed(a, session, { method: 'GET', url: `${API}/me` }));
  });

  it('prunes salts, old keys and dead sessions without touching live ones', async () => {
    const { app, session, user } = await start(suite);
    await sealed(app, session, { method: 'GET', url: `${API}/me` });
    await sealed(app, session, { method: 'GET', url: `${API}/me` });
    const other = await login(app, user.username, user.password);
    await sealed(app, other, { method: 'POST', url: `${API}/logout` });
    await suite.sql(`UPDATE seen_salts SET seen_at = now() - interval '121 seconds'`);
    await suite.sql(`UPDATE cipher_keys SET issued_at = now() - interval '61 seconds'`);

    await pruneSessions(app.db, app.env.SESSION_IDLE_MINUTES);
    const [counts] = await suite.sql<{ salts: number; keys: number; sessions: number }>(
      `SELECT (SELECT count(*)::int FROM seen_salts s JOIN sessions x ON x.id = s.session_id WHERE x.user_id = $1) AS salts,
              (SELECT count(*)::int FROM cipher_keys k JOIN sessions x ON x.id = k.session_id WHERE x.user_id = $1) AS keys,
              (SELECT count(*)::int FROM sessions WHERE user_id = $1) AS sessions`,
      [user.userId],
    );
    expect(counts).toEqual({ salts: 0, keys: 1, sessions: 1 });
    expect((await sealed(app, session, { method: 'GET', url: `${API}/me` })).statusCode).toBe(200);
  });
});
