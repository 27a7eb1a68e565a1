import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorReply } from '../../../schemas/common.js';
import { AuditQuery, AuditRecord } from '../../../schemas/admin.js';
import { tags } from './session.js';

export const TOTAL_COUNT = 'x-total-count';

const auditLog: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/audit-log',
    {
      config: { access: { resource: 'audit-log', action: 'list' } },
      schema: {
        tags,
        summary: 'Who changed what and when, newest first; filters by entity, action, actor and days (UTC, inclusive)',
        querystring: AuditQuery,
        response: { 200: Type.Array(AuditRecord), 401: ErrorReply, 403: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const page = await fastify.auditLogRepository.list(request.query);
      reply.header(TOTAL_COUNT, String(page.total));
      return page.rows;
    },
  );
};

export default auditLog;
