import type { Queryable } from '../../db/index.js';
import { batchCalls } from '../../db/batch-calls.js';
import type { Accepted, AcceptRequest, SealStore, SealUser } from '../../lib/sealing/check.js';
import { KEY_GRACE_MS, SALT_MEMORY_MS } from '../../../../common/protocol/constants.js';

// Every sealed request runs acceptAndIssue, and findSession too when this instance
// does not know the key yet; each is one indexed round trip, and acceptAndIssue calls
// made while earlier ones are still running share one. Expiry is compared with
// the database clock, which all instances share.

const USERNAME_CACHE_LIMIT = 10_000;

type SessionRow = SealUser & { active: boolean; session_id: string | null; secret: string | null; usable: boolean };

export interface SessionStoreOptions {
  /** SESSION_IDLE_MINUTES: a session unused this long is dead. */
  idleMinutes: number;
}

/**
 * The sealing check's store (lib/sealing/check.ts). A factory, not plain functions: it keeps
 * a username cache and batches acceptAndIssue calls, so one store per app.
 */
export function createSessionStore(db: Queryable, { idleMinutes }: SessionStoreOptions): SealStore {
  // Usernames never change, and the IV needs one before anything else can be checked;
  // whether the user is still active is read again with the session on every request.
  const usernames = new Map<string, string>();

  /**
   * Sealed requests accepted together: one statement and one commit for all of them,
   * answers in request order (undefined for each refused one). Nothing is written for
   * a request unless every check passes, and a replayed salt, even twice in one batch,
   * is accepted once only. Sessions are locked in id order before anything is written,
   * so statements running at once, from any instance, queue rather than deadlock; under
   * the lock the session's state is the newest, and each accepted request gets the next
   * kid of its session in request order.
   */
  async function acceptMany(requests: AcceptRequest[]): Promise<(Accepted | undefined)[]> {
    const rows = requests.map((r, n) => ({
      n,
      session_id: r.sessionId,
      user_id: r.userId,
      kid: r.kid,
      username: r.username,
      grace_ms: r.graceMs,
      salt: r.salt,
      secret: r.secret,
    }));
    const { rows: accepted } = await db.query<SealUser & { n: number; kid: number }>(
      `WITH req AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(n integer, session_id bigint, user_id bigint, kid integer,
                                                          username text, grace_ms double precision, salt text, secret text)
       ), locked AS (
         SELECT s.id, s.user_id, s.key_counter FROM sessions s
          WHERE s.id IN (SELECT session_id FROM req) AND s.revoked_at IS NULL AND s.expires_at > now()
            AND s.last_seen_at > now() - make_interval(mins => $2)
          ORDER BY s.id
            FOR NO KEY UPDATE
       ), live AS (
         SELECT DISTINCT ON (r.session_id, r.salt) r.n, r.session_id, r.salt, r.secret,
                u.id::text AS id, u.username, u.role, u.name, u.email
           FROM req r
           JOIN locked s ON s.id = r.session_id AND s.user_id = r.user_id
           JOIN users u ON u.id = r.user_id AND u.username = r.username AND u.status = 'active'
           JOIN cipher_keys k ON k.session_id = r.session_id AND k.kid = r.kid
          WHERE k.kid = s.key_counter OR k.issued_at >= now() - make_interval(secs => r.grace_ms / 1000)
          ORDER BY r.session_id, r.salt, r.n
       ), salt AS (
         INSERT INTO seen_salts (session_id, salt) SELECT session_id, salt FROM live
         ON CONFLICT DO NOTHING RETURNING session_id, salt
       ), accepted AS (
         SELECT live.*, row_number() OVER (PARTITION BY live.session_id ORDER BY live.n)::integer AS rank
           FROM live JOIN salt ON salt.session_id = live.session_id AND salt.salt = live.salt
       ), bumped AS (
         UPDATE sessions s SET key_counter = s.key_counter + a.count, last_seen_at = now()
           FROM (SELECT session_id, count(*)::integer AS count FROM accepted GROUP BY session_id) a
          WHERE s.id = a.session_id
         RETURNING s.id, s.key_counter - a.count AS base
       ), issued AS (
         INSERT INTO cipher_keys (session_id, kid, secret)
         SELECT a.session_id, b.base + a.rank, a.secret FROM accepted a JOIN bumped b ON b.id = a.session_id
         RETURNING session_id, kid, secret
       )
       SELECT a.n, i.kid, a.id, a.username, a.role, a.name, a.email
         FROM accepted a JOIN issued i ON i.session_id = a.session_id AND i.secret = a.secret`,
      [JSON.stringify(rows), idleMinutes],
    );
    const answers: (Accepted | undefined)[] = requests.map(() => undefined);
    for (const { n, kid, ...user } of accepted) answers[n] = { kid, user };
    return answers;
  }

  return {
    async usernameOf(userId) {
      const cached = usernames.get(userId);
      if (cached) return cached;
      const { rows } = await db.query<{ username: string }>(
        `SELECT username FROM users WHERE id = $1 AND status = 'active'`,
        [userId],
      );
      const username = rows[0]?.username;
      if (username) {
        if (usernames.size >= USERNAME_CACHE_LIMIT) usernames.clear();
        usernames.set(userId, username);
      }
      return username;
    },

    async findSession(userId, tokenHash, kid, graceMs) {
      const { rows } = await db.query<SessionRow>(
        `SELECT u.id::text AS id, u.username, u.role, u.name, u.email, u.status = 'active' AS active,
                s.id::text AS session_id, k.secret,
                coalesce(k.kid = s.key_counter OR k.issued_at >= now() - make_interval(secs => $4::double precision / 1000), false) AS usable
           FROM users u
           LEFT JOIN sessions s ON s.user_id = u.id AND s.token_hash = $2 AND s.revoked_at IS NULL
                AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $5)
           LEFT JOIN cipher_keys k ON k.session_id = s.id AND k.kid = $3
          WHERE u.id = $1`,
        [userId, tokenHash, kid, graceMs, idleMinutes],
      );
      const row = rows[0];
      if (!row) return undefined;
      const { session_id, secret, usable, ...user } = row;
      return { user, sessionId: session_id, secret, usable };
    },

    acceptAndIssue: batchCalls(acceptMany),
  };
}

/** A session with its first cipher key, kid 1; it ends after `maxHours` (SESSION_MAX_HOURS) however much it is used. */
export async function createSession(
  q: Queryable,
  userId: string,
  tokenHash: string,
  secret: string,
  maxHours: number,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const { rows } = await q.query<{ sessionId: string; expiresAt: Date }>(
    `WITH created AS (
       INSERT INTO sessions (user_id, token_hash, key_counter, expires_at)
       VALUES ($1, $2, 1, now() + make_interval(hours => $4))
       RETURNING id, expires_at
     ), first_key AS (
       INSERT INTO cipher_keys (session_id, kid, secret) SELECT id, 1, $3 FROM created
     )
     SELECT id::text AS "sessionId", expires_at AS "expiresAt" FROM created`,
    [userId, tokenHash, secret, maxHours],
  );
  const created = rows[0];
  if (!created) throw new Error('session insert returned no row');
  return created;
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** Every session of the user but `keepSessionId` (the one changing its password keeps working). */
export async function revokeUserSessions(q: Queryable, userId: string, keepSessionId: string | null = null): Promise<void> {
  await q.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2::bigint)`,
    [userId, keepSessionId],
  );
}

/** Drops what no check can accept any more; the checks never rely on it having run. */
export async function pruneSessions(q: Queryable, idleMinutes: number): Promise<void> {
  await q.query('DELETE FROM seen_salts WHERE seen_at < now() - make_interval(secs => $1::double precision / 1000)', [
    SALT_MEMORY_MS,
  ]);
  await q.query(
    `DELETE FROM cipher_keys k USING sessions s
      WHERE k.session_id = s.id AND k.kid < s.key_counter
        AND k.issued_at < now() - make_interval(secs => $1::double precision / 1000)`,
    [KEY_GRACE_MS],
  );
  await q.query(
    `DELETE FROM sessions
      WHERE expires_at < now() OR revoked_at IS NOT NULL OR last_seen_at < now() - make_interval(mins => $1)`,
    [idleMinutes],
  );
}
