import type { FastifyPluginAsync } from 'fastify';
import { RESOURCES } from '../../../../common/resources/registry.js';
import { isStored } from './model.js';
import { crudRoutes } from './routes.js';
import { paramsSchema, recordSchema } from './schemas.js';
import { crudTransitionStore } from './transition-store.js';
import { createTransitionService } from '../../lib/workflow/transitions-service.js';
import { transitionRoutes } from '../../lib/workflow/transitions-routes.js';

/**
 * The generic module: the routes of every registry resource with `storage` (and of its
 * workflow's transitions). A new plain resource needs no code here or anywhere else on the
 * server, only its migration.
 */
const crud: FastifyPluginAsync = async (fastify) => {
  for (const definition of RESOURCES.filter(isStored)) {
    if (!definition.endpoint) continue;
    const service = fastify.crud(definition.name);
    await fastify.register(crudRoutes(service));
    if (definition.workflow) {
      const { model } = service;
      const transitions = createTransitionService(crudTransitionStore(service), fastify.domainEvents);
      const shape = { record: recordSchema(model), envelope: model.storage.envelope, idName: model.id.name, params: paramsSchema(model) };
      await fastify.register(transitionRoutes(transitions, shape, model.messages.invalid));
    }
  }
};

export default crud;
