import type { FastifyPluginAsync } from 'fastify';
import { RESOURCES } from '../../../../common/resources/registry.js';
import { isStored } from './model.js';
import { crudRoutes } from './routes.js';
import { createTransitionService } from './transitions-service.js';
import { transitionRoutes } from './transitions-routes.js';

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
    if (definition.workflow) await fastify.register(transitionRoutes(createTransitionService(service, fastify.db, fastify.domainEvents)));
  }
};

export default crud;
