import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { loggedUrl } from '../lib/logged-url.js';

// One line per request, at debug (LOG_LEVEL=debug shows them all): at the default level only the
// ones an operator acts on, answers 5xx and slow ones, are written (Fastify's own two lines a
// request, at info, are off: logController in app.ts). Failures themselves are logged
// with their error by the error handler.

/** A request slower than this to answer (time to its reply, not to the end of a download or stream). */
export const SLOW_REQUEST_MS = 1000;

export function requestLogLevel(statusCode: number, answeredMs: number): 'info' | 'debug' {
  return statusCode >= 500 || answeredMs >= SLOW_REQUEST_MS ? 'info' : 'debug';
}

export default fp(
  async (fastify) => {
    const answeredAfter = new WeakMap<FastifyRequest, number>();
    fastify.addHook('onSend', async (request, reply) => {
      answeredAfter.set(request, reply.elapsedTime);
    });
    fastify.addHook('onResponse', async (request, reply) => {
      const answeredMs = Math.round(answeredAfter.get(request) ?? reply.elapsedTime);
      const level = requestLogLevel(reply.statusCode, answeredMs);
      const url = loggedUrl(request.url);
      request.log[level](
        { method: request.method, url, statusCode: reply.statusCode, answeredMs, remoteAddress: request.ip },
        `${request.method} ${url} ${reply.statusCode} ${answeredMs} ms${answeredMs >= SLOW_REQUEST_MS ? ' (slow)' : ''}`,
      );
    });
  },
  { name: 'request-log' },
);
