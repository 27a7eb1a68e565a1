import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

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

  await fastify.register(fastifyStatic, {
    root,
    prefix: base,
    // An array: @fastify/static looks for index.html.br only through a list of names.
    index: ['index.html'],
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
