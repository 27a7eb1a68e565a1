import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    loginFailures: ReturnType<typeof createRepository>;
  }
}

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;

function createRepository(fastify: FastifyInstance) {
  const db = fastify.db;

  return {
    /**
     * Seconds until one more attempt is allowed, 0 when it is allowed now. The limit
     * lifts when the failure that reached it leaves the window, hence the OFFSET.
     */
    async retryAfterSeconds(usernameKey: string, ip: string): Promise<number> {
      const { rows } = await db.query<{ seconds: number | null }>(
        `SELECT ceil(extract(epoch FROM greatest(
            (SELECT failed_at FROM login_failures
              WHERE username_key = $1 AND failed_at > now() - make_interval(mins => $5)
              ORDER BY failed_at DESC OFFSET $3 - 1 LIMIT 1),
            (SELECT failed_at FROM login_failures
              WHERE ip = $2 AND failed_at > now() - make_interval(mins => $5)
              ORDER BY failed_at DESC OFFSET $4 - 1 LIMIT 1)
          ) + make_interval(mins => $5) - now()))::int AS seconds`,
        [usernameKey, ip, MAX_FAILURES_PER_USERNAME, MAX_FAILURES_PER_IP, LOGIN_WINDOW_MINUTES],
      );
      return Math.max(0, rows[0]?.seconds ?? 0);
    },

    async record(usernameKey: string, ip: string): Promise<void> {
      await db.query('INSERT INTO login_failures (username_key, ip) VALUES ($1, $2)', [usernameKey, ip]);
    },

    /** After a successful login the account's count starts again; the address keeps its count. */
    async clearUsername(usernameKey: string, q: Queryable = db): Promise<void> {
      await q.query('DELETE FROM login_failures WHERE username_key = $1', [usernameKey]);
    },

    async prune(): Promise<void> {
      await db.query('DELETE FROM login_failures WHERE failed_at < now() - make_interval(mins => $1)', [LOGIN_WINDOW_MINUTES]);
    },
  };
}

export default fp(
  (fastify) => {
    fastify.decorate('loginFailures', createRepository(fastify));
  },
  { name: 'login-failures-repository', dependencies: ['db'] },
);
