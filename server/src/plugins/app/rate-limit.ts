import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: ReturnType<typeof rateLimitRepository>;
  }
}

/**
 * Requests per client address on the anonymous endpoints (README "Sign-in protection").
 * A flood guard only: failed sign-ins have their own back-off, codes their own try limit.
 */
export const ANONYMOUS_LIMITS = {
  login: { max: 60, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60 * 60_000 },
  forgotPassword: { max: 10, timeWindow: 15 * 60_000 },
  resetPassword: { max: 30, timeWindow: 15 * 60_000 },
} as const satisfies Record<string, RateLimitOptions>;

function rateLimitRepository(db: Db) {
  return {
    /** One statement: a window that has ended starts again at 1. */
    async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const { rows } = await db.query<{ hits: number; ttl: number }>(
        `INSERT INTO rate_limits (key, hits, expires_at) VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
           expires_at = CASE WHEN rate_limits.expires_at <= now() THEN excluded.expires_at ELSE rate_limits.expires_at END
         RETURNING hits, ceil(extract(epoch FROM expires_at - now()) * 1000)::int AS ttl`,
        [key, windowMs],
      );
      const row = rows[0];
      if (!row) throw new Error('rate limit not counted');
      return { current: row.hits, ttl: Math.max(0, row.ttl) };
    },

    async prune(): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE expires_at < now()');
    },
  };
}

/** @fastify/rate-limit's store on our database, so all instances share the counts. */
export function databaseStore(repository: ReturnType<typeof rateLimitRepository>): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      repository.hit(`${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` beside its options (its typing says otherwise).
      const route = (routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(routeOptions, `${String(route?.method ?? '')} ${route?.url ?? ''} `);
    }
  };
}

export default fp(
  async (fastify) => {
    const repository = rateLimitRepository(fastify.db);
    fastify.decorate('rateLimits', repository);
    await fastify.register(rateLimit, {
      // Only routes that ask (config.rateLimit) are limited.
      global: false,
      store: databaseStore(repository),
      // Counted per address; behind a proxy, TRUST_PROXY makes request.ip the client's.
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new HttpError(429, 'tooManyRequests', undefined, { params: { count: seconds }, headers: { 'retry-after': String(seconds) } });
      },
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
