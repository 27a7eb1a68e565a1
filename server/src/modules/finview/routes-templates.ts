import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Page, PageSize } from '../../../../common/schemas.js';
import { sendPage } from '../../lib/paging.js';
import { previewRoutes } from './preview.js';
import { createTemplatesService } from './templates-service.js';

// Templates (docs/finview.md "Templates"): list, create from the starter, show, versions, the
// draft, publish with the full check, archive; and the live preview.

const BASE = '/be-api-management/finview/templates';
const tags = ['finview'];
const Kind = Type.Enum(['video', 'report']);
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const SORT = '(name|updatedAt|createdAt):(asc|desc)';
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const templateRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = createTemplatesService(fastify);
  const access = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({ access: { resource: 'templates', action } });

  fastify.get(
    BASE,
    {
      config: access('list'),
      schema: {
        tags,
        summary: 'Templates, newest change first (archived ones with archived=true)',
        querystring: Type.Object(
          {
            page: Type.Optional(Page),
            pageSize: Type.Optional(PageSize),
            sort: Type.Optional(Type.String({ pattern: `^${SORT}(,${SORT}){0,2}$` })),
            kind: Type.Optional(Kind),
            q: Type.Optional(Type.String({ maxLength: 100 })),
            archived: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => sendPage(reply, await service.list(request.query)),
  );

  fastify.post(
    BASE,
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'A new template whose version 1 is the starter draft of its kind, in the firm brand',
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 120 }), kind: Kind, description: Type.Optional(Type.String({ maxLength: 1000 })) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.actor, request.body)),
  );

  fastify.get(`${BASE}/:id`, { config: access('show'), schema: { tags, summary: 'A template with its versions, newest first', params: IdParams } }, async (request) =>
    service.show(request.params.id),
  );

  fastify.get(
    `${BASE}/:id/versions/:version`,
    {
      config: access('show'),
      schema: { tags, summary: 'One version: body, params schema, bindings', params: Type.Object({ id: IdParams.properties.id, version: Version }) },
    },
    async (request) => service.version(request.params.id, request.params.version),
  );

  fastify.put(
    `${BASE}/:id/draft`,
    {
      config: access('edit'),
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Saves the draft (a new one after the latest is published); `version` is the template row version',
        params: IdParams,
        body: Type.Object({ body: Type.Unknown(), paramsSchema: Type.Unknown(), bindings: Type.Unknown(), version: Version }, { additionalProperties: false }),
      },
    },
    async (request) => service.saveDraft(request.actor, request.params.id, request.body),
  );

  fastify.post(
    `${BASE}/:id/publish`,
    {
      config: access('edit'),
      schema: {
        tags,
        summary: 'Publishes the draft after the full check; `version` is the template row version',
        params: IdParams,
        body: Type.Object({ version: Version }, { additionalProperties: false }),
      },
    },
    async (request) => service.publish(request.actor, request.params.id, request.body.version),
  );

  fastify.delete(`${BASE}/:id`, { config: access('delete'), schema: { tags, summary: 'Archives the template (kept for its outputs and rules)', params: IdParams } }, async (request, reply) => {
    await service.archive(request.actor, request.params.id);
    return reply.code(204).send();
  });

  await fastify.register(previewRoutes);
};
