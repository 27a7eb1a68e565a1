import type { onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { canAccess, type AccessRequest } from '../../../../common/access.js';
import { enabledResources } from '../../../../common/resources/generate.js';
import { HttpError } from '../../errors.js';
import type { SealedSession } from '../../lib/sealing/check.js';

/** Who is calling a sealed route: what audits record and services check (`request.actor`). */
export type Actor = Pick<SealedSession, 'id' | 'username' | 'role'>;

/** What every API route must declare in `config.access`. */
export type RouteAccess = 'anonymous' | 'authenticated' | AccessRequest;

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller of a sealed route (set by the seal check); reading it on an anonymous route is a bug and throws. */
    readonly actor: Actor;
  }
  interface FastifyInstance {
    /** Every API route with its access, in registration order: a test walks it for every role. */
    routeAccess: readonly RouteAccessEntry[];
    apiPrefix: string;
  }
}

export interface AccessPluginOptions {
  /** Under the API prefix but served by plugins that cannot declare access (the OpenAPI UI). */
  exemptPrefixes?: string[];
}

/**
 * The one place that decides how an API route is protected, from what the route
 * declares: anonymous routes run no check; every other route is sealed, then its
 * resource must be enabled by the runtime configuration and allowed to the role.
 */
export default fp<AccessPluginOptions>(
  async (fastify, options) => {
    const table: RouteAccessEntry[] = [];
    const apiPrefix = fastify.apiPrefix;
    const exempt = options.exemptPrefixes ?? [];

    const guard = (access: AccessRequest): onRequestAsyncHookHandler =>
      async function accessGuard(request) {
        const config = await fastify.appConfig.current();
        // A disabled module's routes do not exist as far as the client can tell.
        if (!enabledResources(config).some((definition) => definition.name === access.resource)) {
          throw new HttpError(404, 'notFound');
        }
        if (!canAccess(request.session?.role, access)) throw new HttpError(403, 'forbidden');
      };

    fastify.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith(`${apiPrefix}/`) || exempt.some((prefix) => route.url.startsWith(prefix))) return;
      const access = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!access) throw new Error(`API route ${methods.join(',')} ${route.url} declares no config.access`);
      for (const method of methods) table.push({ method, url: route.url, access });
      if (access === 'anonymous') return;

      const hooks: onRequestAsyncHookHandler[] = [fastify.verifySeal];
      if (access !== 'authenticated') hooks.push(guard(access));
      // First, before any hook of the route itself: nothing runs for a request that fails the seal.
      const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...hooks, ...own] as RouteOptions['onRequest'];
    });

    fastify.decorate('routeAccess', table);
    // One place turns the sealed session into the caller, for every module's handlers.
    fastify.decorateRequest('actor', {
      getter(): Actor {
        const session = this.session;
        if (!session) throw new Error('a sealed route reached without a session');
        return { id: session.id, username: session.username, role: session.role };
      },
    });
  },
  { name: 'access', dependencies: ['sealing', 'app-config'], decorators: { fastify: ['apiPrefix'] } },
);
