import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import auditLog from './audit-log.js';
import users from './users.js';

/** The admin module: be-api-management/admin/... (API.md "Other modules"). */
const admin: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(users, { prefix: '/be-api-management/admin' });
  await fastify.register(auditLog, { prefix: '/be-api-management/admin' });
};

export default admin;
