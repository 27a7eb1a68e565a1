import path from 'node:path';
import fp from 'fastify-plugin';
import { openAppConfigStore, type AppConfigStore } from '../lib/app-config-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: AppConfigStore;
  }
}

export default fp(
  async (fastify) => {
    // A broken file at start throws AppConfigError, whose message lists each problem with its JSON path.
    const store = await openAppConfigStore(path.resolve(fastify.env.APP_CONFIG), fastify.log);
    const { product } = await store.current();
    if (product !== fastify.env.PRODUCT) {
      fastify.log.warn({ configProduct: product, PRODUCT: fastify.env.PRODUCT }, 'the app configuration names another product than PRODUCT');
    }
    fastify.decorate('appConfig', store);
  },
  { name: 'app-config', decorators: { fastify: ['env'] } },
);
