import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import { RC_KEY_HEADER, SEAL_HEADERS } from '../../../../common/protocol/constants.js';

// An app on another origin may name this server as one of its data providers
// (config/app.json `dataProviders`, README "Data providers"). Its browser sends the
// sealed headers and must read the cipher key and the list total from the answer,
// so both lists are spelled out; only the origins of CORS_ORIGINS are allowed.

/** Request headers a sealed call carries besides the simple ones. */
export const CORS_ALLOWED_HEADERS = ['content-type', 'x-api-key', ...Object.values(SEAL_HEADERS)];
/** Answer headers the client reads. */
export const CORS_EXPOSED_HEADERS = [RC_KEY_HEADER, 'x-total-count', 'content-disposition'];

export function parseOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
}

export default fp(
  async (fastify) => {
    const origins = parseOrigins(fastify.env.CORS_ORIGINS);
    if (origins.length === 0) return;
    await fastify.register(cors, {
      origin: origins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      // Sessions travel in sealed headers, never in cookies.
      credentials: false,
      maxAge: 600,
    });
  },
  { name: 'cors', decorators: { fastify: ['env'] } },
);
