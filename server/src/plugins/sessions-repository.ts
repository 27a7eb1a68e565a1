import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import type { SealStore, SealUser } from '../sealing/check.js';
import { KEY_GRACE_MS, SALT_MEMORY_MS } from '../../../src/protocol/constants.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessionsRepository: ReturnType<typeof createRepository>;
  }
}

// Every sealed request runs acceptAndIssue, and findSession too when this instance
// does not know the key yet; each is one indexed round trip. Expiry is compared with
// the database clock, which all instances share.

const USERNAME_CACHE_LIMIT = 10_000;

type SessionRow = SealUser & { active: boolean; session_id: string | null; secret: string | null; usable: boolean };

function createRepository(fastify: FastifyInstance) {
  const db = fastify.db;
  const idleMinutes = fastify.env.SESSION_IDLE_MINUTES;
  const maxHours = fastify.env.SESSION_MAX_HOURS;

  // Usernames never change, and the IV needs one before anything else can be checked;
  // whether the user is still active is read again with the session on every request.
  const usernames = new Map<string, string>();

  const store: SealStore = {
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

    async acceptAndIssue({ userId, username, sessionId, kid, graceMs, salt, secret }) {
      // One statement: nothing is written unless every check passes, and a replayed salt
      // inserts nothing, so nothing after it happens either. The UPDATE re-checks the
      // revocation under the row lock, which also orders instances issuing keys at once.
      const { rows } = await db.query<SealUser & { kid: number }>(
        `WITH live AS (
           SELECT s.id AS session_id, u.id::text AS id, u.username, u.role, u.name, u.email
             FROM sessions s
             JOIN users u ON u.id = s.user_id
             JOIN cipher_keys k ON k.session_id = s.id AND k.kid = $3
            WHERE s.id = $1 AND u.id = $2 AND u.username = $4 AND u.status = 'active'
              AND s.revoked_at IS NULL AND s.expires_at > now()
              AND s.last_seen_at > now() - make_interval(mins => $8)
              AND (k.kid = s.key_counter OR k.issued_at >= now() - make_interval(secs => $5::double precision / 1000))
         ), salt AS (
           INSERT INTO seen_salts (session_id, salt) SELECT session_id, $6 FROM live
           ON CONFLICT DO NOTHING RETURNING session_id
         ), bumped AS (
           UPDATE sessions SET key_counter = key_counter + 1, last_seen_at = now()
            WHERE id = (SELECT session_id FROM salt) AND revoked_at IS NULL
           RETURNING id, key_counter
         ), issued AS (
           INSERT INTO cipher_keys (session_id, kid, secret) SELECT id, key_counter, $7 FROM bumped
           RETURNING kid
         )
         SELECT issued.kid, live.id, live.username, live.role, live.name, live.email FROM issued, live`,
        [sessionId, userId, kid, username, graceMs, salt, secret, idleMinutes],
      );
      const row = rows[0];
      if (!row) return undefined;
      const { kid: issued, ...user } = row;
      return { kid: issued, user };
    },
  };

  return {
    store,

    /** A session with its first cipher key, kid 1. */
    async create(
      userId: string,
      tokenHash: string,
      secret: string,
      q: Queryable = db,
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
    },

    async revoke(sessionId: string): Promise<void> {
      await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
    },

    /** Every session of the user but `keepSessionId` (the one changing its password keeps working). */
    async revokeAllOfUser(userId: string, q: Queryable, keepSessionId: string | null = null): Promise<void> {
      await q.query(
        `UPDATE sessions SET revoked_at = now()
          WHERE user_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2::bigint)`,
        [userId, keepSessionId],
      );
    },

    /** Drops what no check can accept any more; the checks never rely on it having run. */
    async prune(): Promise<void> {
      await db.query('DELETE FROM seen_salts WHERE seen_at < now() - make_interval(secs => $1::double precision / 1000)', [
        SALT_MEMORY_MS,
      ]);
      await db.query(
        `DELETE FROM cipher_keys k USING sessions s
          WHERE k.session_id = s.id AND k.kid < s.key_counter
            AND k.issued_at < now() - make_interval(secs => $1::double precision / 1000)`,
        [KEY_GRACE_MS],
      );
      await db.query(
        `DELETE FROM sessions
          WHERE expires_at < now() OR revoked_at IS NOT NULL OR last_seen_at < now() - make_interval(mins => $1)`,
        [idleMinutes],
      );
    },
  };
}

export default fp(
  (fastify) => {
    fastify.decorate('sessionsRepository', createRepository(fastify));
  },
  { name: 'sessions-repository', dependencies: ['db'], decorators: { fastify: ['env'] } },
);
