import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorReply } from '../../../../common/schemas.js';
import { AuditQuery, AuditRecord } from './schemas.js';
import { tags } from './session.js';
import { sendPage } from '../../lib/paging.js';
import { listAuditLog } from './audit-log-repository.js';


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
      const page = await listAuditLog(fastify.db, request.query);
      return sendPage(reply, page);
    },
  );
};

export default auditLog;
