import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { enterprises as definition } from '../../../../common/resources/enterprises.js';
import { HttpError } from '../../errors.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { crudModel } from '../crud/model.js';
import { paramsSchema, recordSchema } from '../crud/schemas.js';

const model = crudModel(definition);
const errors = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };

/**
 * The enterprises' own routes, beside the generic module's list, get, create and update:
 * disabling (its users stay, nobody new joins) and enabling. A `{version}` body makes the
 * switch refuse a stale view (409 staleEdit); without one it applies to the latest.
 */
const enterprises: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = fastify.crud(definition.name);
  for (const action of ['disable', 'enable'] as const) {
    fastify.post(
      `/${definition.endpoint}/:id/${action}`,
      {
        config: { access: { resource: definition.name, action: 'edit' } },
        schema: {
          tags: ['admin'],
          summary: action === 'disable' ? 'Disables an enterprise: its users stay, nobody new joins' : 'Enables an enterprise',
          params: paramsSchema(model),
          response: { 200: recordSchema(model), ...errors },
        },
      },
      async (request) => {
        const body: unknown = request.body;
        const version = typeof body === 'object' && body !== null ? (body as { version?: unknown }).version : undefined;
        if (version !== undefined && !(Number.isInteger(version) && (version as number) >= 1)) {
          throw new HttpError(422, 'validation', { version: { code: 'tooSmall', params: { limit: 1 } } });
        }
        const key = (request.params as { id: string }).id;
        return service.change(request.actor, key, action, version as number | undefined, () => ({ isActive: action === 'enable' }));
      },
    );
  }
};

export default enterprises;
