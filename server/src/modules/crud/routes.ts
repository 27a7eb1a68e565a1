import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type TSchema } from 'typebox';
import type { ResourceAction } from '../../../../common/resources/types.js';
import { sendPage } from '../../lib/paging.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { createBodySchema, DeleteBody, listQuerySchema, paramsSchema, recordSchema, updateBodySchema } from './schemas.js';
import type { CrudService } from './service.js';
import { addExportRoute } from './export-routes.js';

// The routes of one generic resource, from its definition: list, get, create, update and
// delete under its endpoint, each only when the definition has the action, each guarded
// by the definition's role rules (config.access, checked by the access plugin).

const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };

export function crudRoutes(service: CrudService): FastifyPluginAsyncTypebox {
  const { model } = service;
  const { definition } = model;
  const base = `/${(definition.endpoint ?? '').replace(/^\/+|\/+$/g, '')}`;
  const item = `${base}/:${model.id.name}`;
  const has = (action: ResourceAction) => definition.actions.includes(action);
  const access = (action: ResourceAction) => ({ access: { resource: definition.name, action }, validationCode: model.messages.invalid });
  const tags = [base.split('/')[2] ?? definition.name];
  const label = definition.name;

  const Record = recordSchema(model);
  const One: TSchema = model.storage.envelope === 'result' ? Type.Object({ result: Record }) : Record;
  const one = (record: unknown) => (model.storage.envelope === 'result' ? { result: record } : record);
  const Params = paramsSchema(model);
  const keyOf = (request: FastifyRequest) => (request.params as Record<string, string>)[model.id.name] as string;

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<import('@fastify/type-provider-typebox').TypeBoxTypeProvider>();
    if (has('list')) {
      app.get(
        base,
        {
          config: access('list'),
          schema: {
            tags,
            summary: `${label}, one page; x-total-count is the exact total`,
            querystring: listQuerySchema(model),
            response: { 200: Type.Array(Record), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply },
          },
        },
        async (request, reply) => {
          const { page, pageSize, sort, q, ...filters } = request.query as Record<string, unknown> & { page?: number; pageSize?: number; sort?: string; q?: string };
          const size = pageSize ?? (await fastify.appConfig.current()).defaults.pageSize;
          return sendPage(reply, await service.list({ page, pageSize: size, sort, q, filters }));
        },
      );
      // The list's rows as a file (export-routes.ts), unless the definition turns it off.
      if (definition.list?.export !== false) addExportRoute(app, service, base, tags);
    }
    if (has('show') || has('edit')) {
      app.get(
        item,
        { config: access(has('show') ? 'show' : 'edit'), schema: { tags, summary: `One of ${label}`, params: Params, response: { 200: One, ...ERRORS } } },
        async (request) => one(await service.get(keyOf(request))),
      );
    }
    if (has('create')) {
      app.post(
        base,
        {
          config: access('create'),
          schema: { tags, summary: `Adds one of ${label} (version 1); audited`, body: createBodySchema(model), response: { 201: One, ...ERRORS } },
        },
        async (request, reply) => reply.code(201).send(one(await service.create(request.actor, request.body as Record<string, unknown>))),
      );
    }
    if (has('edit')) {
      app.put(
        item,
        {
          config: access('edit'),
          schema: {
            tags,
            summary: `Changes one of ${label}: fields left out keep their value; 409 staleEdit when \`version\` is not the record's; audited`,
            params: Params,
            body: updateBodySchema(model),
            response: { 200: One, ...ERRORS },
          },
        },
        async (request) => one(await service.update(request.actor, keyOf(request), request.body as Record<string, unknown> & { version: number })),
      );
    }
    if (has('delete')) {
      app.delete(
        item,
        {
          config: access('delete'),
          schema: {
            tags,
            summary: `Deletes one of ${label}; body {version}; 409 staleEdit when stale, 409 recordInUse when still referenced; audited`,
            params: Params,
            body: DeleteBody,
            response: { 200: One, ...ERRORS },
          },
        },
        async (request) => one(await service.remove(request.actor, keyOf(request), (request.body as { version: number }).version)),
      );
    }
  };
}
