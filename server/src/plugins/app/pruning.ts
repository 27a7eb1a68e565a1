import fp from 'fastify-plugin';
import { pruneLoginFailures } from '../../modules/accounts/login-failures-repository.js';
import { prunePasswordCodes } from '../../modules/accounts/password-codes-repository.js';
import { pruneSessions } from '../../modules/accounts/sessions-repository.js';

export const PRUNE_INTERVAL_MS = 60_000;

/**
 * Drops what no check can accept any more: old salts and keys, dead sessions, aged
 * login failures and reset codes, abandoned file uploads. The checks never rely on it having run; it only
 * keeps the tables small. Every instance runs it; the deletes do not conflict.
 */
export default fp(
  async (fastify) => {
    let pruning: Promise<void> | null = null;
    const prune = async () => {
      try {
        await pruneSessions(fastify.db, fastify.env.SESSION_IDLE_MINUTES);
        await pruneLoginFailures(fastify.db);
        await prunePasswordCodes(fastify.db);
        await fastify.rateLimits.prune();
        await fastify.blobs.pruneStaged();
      } catch (error) {
        fastify.log.warn({ err: error }, 'pruning failed; retrying later');
      }
    };
    // unref: a timer alone must not keep a process (or a test run) alive.
    const timer = setInterval(() => {
      pruning ??= prune().finally(() => {
        pruning = null;
      });
    }, PRUNE_INTERVAL_MS).unref();
    // preClose: before any onClose hook can close the database.
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await pruning;
    });
  },
  { name: 'pruning', dependencies: ['db', 'rate-limit', 'blob-store'] },
);
