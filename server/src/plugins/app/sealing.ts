import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { RC_KEY_HEADER } from '../../../../common/protocol/constants.js';
import { HttpError } from '../../errors.js';
import { createSealChecker, type SealedSession } from '../../lib/sealing/check.js';
import { createSessionStore } from '../../modules/accounts/sessions-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of every sealed route (the access plugin attaches it). */
    verifySeal: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set once the request passed the sealing checks; null on anonymous routes. */
    session: SealedSession | null;
  }
}

/**
 * The next cipher key, readable by a browser script even when the API is on another origin.
 * An answer carrying a key (or, at login, a token) must never sit in a cache: `no-store`.
 */
export function sendRcKey(reply: FastifyReply, rcKey: string): void {
  reply.header(RC_KEY_HEADER, rcKey);
  reply.header('cache-control', 'no-store');
  // Where CORS is on (external/cors.ts) its list already names rc-key and more: keep it whole.
  if (!reply.hasHeader('access-control-expose-headers')) reply.header('access-control-expose-headers', RC_KEY_HEADER);
}

export default fp(
  async (fastify) => {
    const store = createSessionStore(fastify.db, { idleMinutes: fastify.env.SESSION_IDLE_MINUTES });
    const check = createSealChecker(fastify.serverKey.decrypt, store);

    fastify.decorateRequest('session', null);

    fastify.decorate('verifySeal', async function verifySeal(request, reply) {
      const result = await check(request.headers);
      if (!result.ok) {
        request.log.info({ reason: result.reason }, 'sealed request refused');
        // One message for every cause, so a probe learns nothing; the log says which check failed.
        throw new HttpError(401, 'sessionExpired');
      }
      request.session = result.session;
      // Set now, before the handler: an answer it fails with still carries the next key.
      sendRcKey(reply, result.rcKey);
    } satisfies onRequestAsyncHookHandler);
  },
  {
    name: 'sealing',
    dependencies: ['server-key', 'db'],
  },
);
