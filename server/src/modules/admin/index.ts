import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createTransitionService } from '../../lib/workflow/transitions-service.js';
import { transitionRoutes } from '../../lib/workflow/transitions-routes.js';
import auditLog from './audit-log.js';
import auditLogExport from './audit-log-export.js';
import { AdminUser, IdParams } from './schemas.js';
import users from './users.js';
import usersExport from './users-export.js';
import { usersTransitionStore } from './users-transition-store.js';

/** The admin module: be-api-management/admin/... (API.md "Other modules"). */
const admin: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(users, { prefix: '/be-api-management/admin' });
  await fastify.register(auditLog, { prefix: '/be-api-management/admin' });
  await fastify.register(usersExport, { prefix: '/be-api-management/admin' });
  await fastify.register(auditLogExport, { prefix: '/be-api-management/admin' });
  // approve / disable / enable as the users workflow's transitions (the pages' way; the
  // older POST /users/:id/{approve,disable,enable} stay for API.md's callers). The routes
  // take the definition's endpoint as their path, so they are registered without the prefix.
  const transitions = createTransitionService(usersTransitionStore(fastify), fastify.domainEvents);
  await fastify.register(transitionRoutes(transitions, { record: AdminUser, idName: 'id', params: IdParams }, 'validation'));
};

export default admin;
