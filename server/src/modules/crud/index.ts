import type { FastifyPluginAsync } from 'fastify';
import { RESOURCES } from '../../../../common/resources/registry.js';
import { isStored } from './model.js';
import { crudRoutes } from './routes.js';

/**
 * The generic module: the routes of every registry resource with `storage`. A new plain
 * resource needs no code here or anywhere else on the server, only its migration.
 */
const crud: FastifyPluginAsync = async (fastify) => {
  for (const definition of RESOURCES.filter(isStored)) {
    if (definition.endpoint) await fastify.register(crudRoutes(fastify.crud(definition.name)));
  }
};

export default crud;
