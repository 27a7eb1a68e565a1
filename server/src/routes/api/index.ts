import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { MessageReply } from '../../schemas/common.js';
import { messageBody } from '../../errors.js';
import accounts from './accounts.js';
import news from './news/index.js';
import admin from './admin/index.js';

/** Mounted at `/{PRODUCT}/api`; module routes join here as later issues add them. */
const api: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/health',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['service'],
        summary: 'Ready once the database answers and is migrated',
        response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: MessageReply },
      },
    },
    async (_request, reply) =>
      (await fastify.dbHealthy())
        ? { status: 'ok' as const }
        : reply.code(503).send(messageBody('databaseDown')),
  );

  fastify.get(
    '/openapi.json',
    { config: { access: 'anonymous' }, schema: { hide: true } },
    () => fastify.swagger(),
  );

  await fastify.register(accounts);
  await fastify.register(news);
  await fastify.register(admin);
};

export default api;
