import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type, { type TSchema } from 'typebox';
import { ROLE_LABEL_KEYS, type TransitionDefinition } from '../../../../common/resources/types.js';
import { transitionRole } from '../../../../common/resources/workflow.js';
import type { ServerMessageCode } from '../../../../common/messages.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { bulkBodySchema, bulkReplySchema, BULK_MAX, transitionBodySchema } from './transitions-schemas.js';
import type { BulkItem, TransitionInput, TransitionService } from './transitions-service.js';

/** How the resource's records look on the wire: the answer's schema, its envelope and the URL's id. */
export interface RecordShape {
  record: TSchema;
  /** Legacy answers wrap one record as `{result}`. */
  envelope?: 'result' | undefined;
  /** The id's name in the URL (`:{idName}`) and its schema. */
  idName: string;
  params: TSchema;
}

// A resource's workflow as routes, two per transition: `POST {endpoint}/{id}/transitions/{name}`
// for one record and `POST {endpoint}/transitions/{name}` for many. The access plugin only
// lets in who may see the records (list, else show); the transition's own role is the
// service's check, so a refusal says it is the transition that is not allowed (transitionForbidden).

const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };

const ROLE_NAMES = Object.fromEntries(Object.entries(ROLE_LABEL_KEYS).map(([role, key]) => [role, key.replace('roles.', '')]));

/** What the OpenAPI page says about one transition. */
function describe(service: TransitionService, transition: TransitionDefinition): string {
  const { definition } = service;
  const parts = [
    `${transition.from.join(' | ')} → ${transition.to}`,
    `role ${ROLE_NAMES[transitionRole(definition, transition)]} or more (403 transitionForbidden)`,
    transition.reasons?.length ? 'a reason from the list (422)' : undefined,
    transition.comment === 'required' ? 'a comment (422)' : undefined,
    transition.notBy ? `not by the user in ${transition.notBy} (403 makerChecker)` : undefined,
    transition.event ? `emits ${transition.event} (workflow.transitioned)` : undefined,
  ];
  return parts.filter(Boolean).join('; ');
}

export function transitionRoutes(service: TransitionService, shape: RecordShape, invalidCode: ServerMessageCode) {
  const { commentMax } = service;
  const { definition } = service;
  const base = `/${(definition.endpoint ?? '').replace(/^\/+|\/+$/g, '')}`;
  const gate = definition.actions.includes('list') ? 'list' : 'show';
  const config = { access: { resource: definition.name, action: gate }, validationCode: invalidCode } as const;
  const tags = [base.split('/')[2] ?? definition.name];
  const Record = shape.record;
  const One: TSchema = shape.envelope === 'result' ? Type.Object({ result: Record }) : Record;
  const one = (record: unknown) => (shape.envelope === 'result' ? { result: record } : record);
  const Params = shape.params;
  const BulkReply = bulkReplySchema(Record);
  const keyOf = (request: FastifyRequest) => (request.params as Record<string, string>)[shape.idName] as string;

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    for (const transition of service.transitions) {
      const about = describe(service, transition);
      app.post<{ Body: TransitionInput & { version: number } }>(
        `${base}/:${shape.idName}/transitions/${transition.name}`,
        {
          config,
          schema: {
            tags,
            summary: `${definition.name}: ${transition.name} (${about}); 409 staleEdit when \`version\` is not the record's, 409 transitionNotAllowed from another state; audited`,
            params: Params,
            body: transitionBodySchema(transition, commentMax),
            response: { 200: One, ...ERRORS },
          },
        },
        async (request) => one(await service.perform(request.actor, transition, keyOf(request), request.body)),
      );
      app.post<{ Body: TransitionInput & { items: BulkItem[] } }>(
        `${base}/transitions/${transition.name}`,
        {
          config,
          schema: {
            tags,
            summary: transition.bulk
              ? `${definition.name}: ${transition.name} on 1 to ${BULK_MAX} records, each in its own transaction, answered per record (${about})`
              : `${definition.name}: ${transition.name} is not a bulk transition: 403 transitionNotBulk`,
            body: bulkBodySchema(transition, commentMax),
            response: { 200: BulkReply, 401: ErrorReply, 403: ErrorReply, 422: ErrorReply },
          },
        },
        async (request) => {
          const { items, ...input } = request.body;
          return { results: await service.performMany(request.actor, transition, items, input, request.log) };
        },
      );
    }
  };
}
