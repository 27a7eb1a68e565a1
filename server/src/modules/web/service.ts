import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { MessageReply } from '../../../../common/schemas.js';
import { messageBody } from '../../errors.js';

/** The service's own routes: the health check and the OpenAPI description. */
const service: FastifyPluginAsyncTypebox = async (fastify) => {
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
};

export default service;
