import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorReply } from '../../../schemas/common.js';
import { Enterprise, EnterpriseBody, EnterprisesQuery, IdParams } from '../../../schemas/admin.js';
import { createEnterprisesAdminService } from '../../../services/enterprises-admin.js';
import { messageBody } from '../../../errors.js';
import { TOTAL_COUNT } from './audit-log.js';
import { callerOf, tags } from './session.js';

const errors = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };
const edit = { resource: 'enterprises', action: 'edit' } as const;

const enterprises: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = createEnterprisesAdminService(fastify);
  const repository = fastify.enterprisesRepository;

  fastify.get(
    '/enterprises',
    {
      config: { access: { resource: 'enterprises', action: 'list' } },
      schema: {
        tags,
        summary: 'Enterprises, a page at a time; the total in x-total-count',
        querystring: EnterprisesQuery,
        response: { 200: Type.Array(Enterprise), 401: ErrorReply, 403: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const page = await repository.list(request.query);
      reply.header(TOTAL_COUNT, String(page.total));
      return page.rows;
    },
  );

  fastify.get(
    '/enterprises/:id',
    {
      config: { access: edit },
      schema: { tags, summary: 'One enterprise (the edit form)', params: IdParams, response: { 200: Enterprise, ...errors } },
    },
    async (request, reply) => (await repository.findById(request.params.id)) ?? reply.code(404).send(messageBody('notFound')),
  );

  fastify.post(
    '/enterprises',
    {
      config: { access: { resource: 'enterprises', action: 'create' } },
      schema: { tags, summary: 'Adds an enterprise; 409 when the name is taken', body: EnterpriseBody, response: { 201: Enterprise, ...errors } },
    },
    async (request, reply) => {
      const { isActive = true, ...rest } = request.body;
      return reply.code(201).send(await service.create(callerOf(request), { ...rest, isActive }));
    },
  );

  fastify.put(
    '/enterprises/:id',
    {
      config: { access: edit },
      schema: { tags, summary: 'Changes an enterprise', params: IdParams, body: EnterpriseBody, response: { 200: Enterprise, ...errors } },
    },
    async (request) => {
      const { isActive = true, ...rest } = request.body;
      return service.update(callerOf(request), request.params.id, { ...rest, isActive });
    },
  );

  for (const action of ['disable', 'enable'] as const) {
    fastify.post(
      `/enterprises/:id/${action}`,
      {
        config: { access: edit },
        schema: {
          tags,
          summary: action === 'disable' ? 'Disables an enterprise: its users stay, nobody new joins' : 'Enables an enterprise',
          params: IdParams,
          response: { 200: Enterprise, ...errors },
        },
      },
      async (request) => service[action](callerOf(request), request.params.id),
    );
  }
};

export default enterprises;
