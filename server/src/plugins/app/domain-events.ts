import fp from 'fastify-plugin';
import { createDomainEvents, type DomainEvents } from '../../lib/domain-events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Transaction-scoped events between modules (lib/domain-events.ts). */
    domainEvents: DomainEvents;
  }
}

/** One registry per app: modules subscribe when they register, services emit in their transactions. */
export default fp(
  async (fastify) => {
    fastify.decorate('domainEvents', createDomainEvents());
  },
  { name: 'domain-events' },
);
