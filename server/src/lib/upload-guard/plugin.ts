import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { HttpError } from '../../errors.js';
import { policyBytes, policyProblem } from './policy.js';
import { MIN_DRAIN_BYTES, settleUnreadBody } from './settle.js';

// The upload guard's place in the app (registered once, before the modules): the multipart
// parser is registered here and nowhere else, and a route is refused at registration when it
// consumes multipart/form-data without declaring `config.upload` or the other way round, so a
// new route cannot take uploads past the guard (tests/server/lib/upload-guard.test.ts walks the
// OpenAPI description for the same).

const MULTIPART = 'multipart/form-data';

const sendsMultipart = (contentType: string | undefined) => (contentType ?? '').trimStart().toLowerCase().startsWith('multipart/');

export default fp(
  async (fastify) => {
    // Per request limits come from the route's policy (index.ts readUpload).
    await fastify.register(multipart);

    fastify.addHook('onRoute', (route) => {
      const consumes = ((route.schema?.consumes as readonly string[] | undefined) ?? []).includes(MULTIPART);
      const policy = route.config?.upload;
      const name = `${String(route.method)} ${route.url}`;
      if (consumes && !policy) throw new Error(`${name} consumes ${MULTIPART} without config.upload: declare what it takes and read it with readUpload (lib/upload-guard)`);
      if (policy && !consumes) throw new Error(`${name} declares config.upload without consumes: ['${MULTIPART}']`);
      const problem = policy ? policyProblem(policy) : null;
      if (problem) throw new Error(`${name} config.upload: ${problem}`);
    });

    // A form sent to a route that takes none is refused unread (the parser registered above would otherwise accept it).
    fastify.addHook('onRequest', async (request) => {
      if (sendsMultipart(request.headers['content-type']) && !request.routeOptions.config?.upload) throw new HttpError(415, 'unsupportedMedia');
    });

    fastify.addHook('onSend', async (request, reply, payload) => {
      const policy = request.routeOptions.config?.upload;
      if (policy || sendsMultipart(request.headers['content-type'])) settleUnreadBody(request, reply, Math.max(MIN_DRAIN_BYTES, policy ? policyBytes(policy) : 0));
      return payload;
    });
  },
  { name: 'upload-guard' },
);
