import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES } from '../services/one-time-codes.js';

declare module 'fastify' {
  interface FastifyInstance {
    passwordCodes: ReturnType<typeof createRepository>;
  }
}

export const CODE_REQUESTS_PER_WINDOW = 3;
export const CODE_REQUEST_WINDOW_MINUTES = 15;

export interface LiveCode {
  id: string;
  code_hash: string;
}

function createRepository(fastify: FastifyInstance) {
  const db = fastify.db;

  return {
    /**
     * Records a request for the address and says whether it is within the limit. Unknown
     * addresses count too, so the limit itself reveals nothing.
     */
    async allowRequest(email: string): Promise<boolean> {
      const { rows } = await db.query<{ recent: number }>(
        `WITH recorded AS (INSERT INTO password_code_requests (email_key) VALUES (lower($1)))
         SELECT count(*)::int AS recent FROM password_code_requests
          WHERE email_key = lower($1) AND requested_at > now() - make_interval(mins => $2)`,
        [email, CODE_REQUEST_WINDOW_MINUTES],
      );
      // The CTE's own row is not visible to the SELECT beside it, so `recent` counts earlier requests.
      return (rows[0]?.recent ?? 0) < CODE_REQUESTS_PER_WINDOW;
    },

    /** A new code replaces any earlier one of the user. */
    async issue(userId: string, codeHash: string, q: Queryable = db): Promise<void> {
      await q.query('UPDATE password_codes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
      await q.query(
        `INSERT INTO password_codes (user_id, code_hash, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3))`,
        [userId, codeHash, CODE_TTL_MINUTES],
      );
    },

    /** The user's usable code, locked until the transaction ends so two tries cannot both count as the fifth. */
    async findLiveForUpdate(userId: string, q: Queryable): Promise<LiveCode | undefined> {
      const { rows } = await q.query<LiveCode>(
        `SELECT id::text AS id, code_hash FROM password_codes
          WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
          ORDER BY id DESC LIMIT 1
          FOR UPDATE`,
        [userId, CODE_MAX_ATTEMPTS],
      );
      return rows[0];
    },

    async countWrongTry(id: string, q: Queryable): Promise<void> {
      await q.query('UPDATE password_codes SET attempts = attempts + 1 WHERE id = $1', [id]);
    },

    async markUsed(id: string, q: Queryable): Promise<void> {
      await q.query('UPDATE password_codes SET used_at = now() WHERE id = $1', [id]);
    },

    async prune(): Promise<void> {
      await db.query(
        'DELETE FROM password_code_requests WHERE requested_at < now() - make_interval(mins => $1)',
        [CODE_REQUEST_WINDOW_MINUTES],
      );
      await db.query(`DELETE FROM password_codes WHERE expires_at < now() - interval '1 day'`);
    },
  };
}

export default fp(
  (fastify) => {
    fastify.decorate('passwordCodes', createRepository(fastify));
  },
  { name: 'password-codes-repository', dependencies: ['db'] },
);
