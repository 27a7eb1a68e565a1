import fp from 'fastify-plugin';
import { RESOURCES } from '../../../../common/resources/registry.js';
import { crudModel, isStored } from './model.js';
import { createCrudService, type CrudService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The generic service of a registry resource with `storage`; module folders extend it with custom routes. */
    crud(resource: string): CrudService;
  }
}

/** One generic service per stored resource of the registry, built at start (a bad definition stops it). */
export default fp(
  (fastify) => {
    const services = new Map(RESOURCES.filter(isStored).map((definition) => [definition.name, createCrudService(fastify.db, crudModel(definition))]));
    fastify.decorate('crud', (resource: string) => {
      const service = services.get(resource);
      if (!service) throw new Error(`resource ${resource} has no storage in the registry`);
      return service;
    });
  },
  { name: 'crud-services', dependencies: ['db'] },
);
