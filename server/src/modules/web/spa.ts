import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PLAIN_INDEX, PRERENDERED_LOOK } from '../../../../common/config/prerendered-look.js';
import type { AppConfig } from '../../../../common/config/schema.js';

/** Whether index.html's drawing of the login page is in the look a visitor gets from these defaults. */
export function drawingFits(defaults: AppConfig['defaults']): boolean {
  return Object.entries(PRERENDERED_LOOK).every(([key, value]) => defaults[key as keyof typeof PRERENDERED_LOOK] === value);
}

const NOT_BUILT =
  'The web app is not built yet: run `npm run build` (or `npm start`, which builds it), then reload this page.\n';

/** The SPA, its runtime configuration and the redirects to it; everything outside the API. */
const web: FastifyPluginAsync = async (fastify) => {
  const base = `/${fastify.env.PRODUCT}/`;
  const hidden = { schema: { hide: true } };

  fastify.get('/', hidden, (_request, reply) => reply.redirect(base));
  fastify.get(base.slice(0, -1), hidden, (_request, reply) => reply.redirect(base));

  // Read on every load, so an admin's edit shows on the next reload without a restart.
  fastify.get(`${base}app-config.json`, hidden, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return fastify.appConfig.current();
  });

  const root = path.resolve(fastify.env.STATIC_DIR);
  if (!existsSync(path.join(root, 'index.html'))) {
    fastify.log.warn({ root }, 'no built web app: its pages answer 503 until `npm run build`');
    const notBuilt = (request: FastifyRequest, reply: FastifyReply) =>
      // Unknown API paths stay JSON 404s, not a page about building the app.
      request.url.startsWith(`${fastify.apiPrefix}/`)
        ? reply.callNotFound()
        : reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    fastify.get(base, hidden, notBuilt);
    fastify.get(`${base}*`, hidden, notBuilt);
    return;
  }

  // The page carries a drawing of the login page in one look (src/prerender); when the
  // configuration's defaults give visitors another, the page without it, so that nobody sees
  // English drawn before a Spanish login, say. Decided on each load, as the configuration is read.
  const plain = existsSync(path.join(root, PLAIN_INDEX));
  fastify.get(base, hidden, async (_request, reply) => {
    const { defaults } = await fastify.appConfig.current();
    return reply.sendFile(plain && !drawingFits(defaults) ? PLAIN_INDEX : 'index.html');
  });

  await fastify.register(fastifyStatic, {
    root,
    prefix: base,
    index: false,
    schemaHide: true,
    // The build writes file.br and file.gz at the highest levels (vite.config.ts);
    // they go out as they are, and @fastify/compress leaves encoded answers alone.
    preCompressed: true,
    // Ours below instead of send's max-age=0.
    cacheControl: false,
    setHeaders(response, file) {
      // Vite fingerprints everything under assets/; index.html must be revalidated to pick up a new build.
      const immutable = file.startsWith(path.join(root, 'assets') + path.sep);
      response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same URL answers br, gzip or plain text by the request's accept-encoding.
      response.setHeader('vary', 'accept-encoding');
    },
  });
};

export default web;
