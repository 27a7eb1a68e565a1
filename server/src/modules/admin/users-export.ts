import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Id } from '../../../../common/schemas.js';
import { users as definition } from '../../../../common/resources/users.js';
import type { Role } from '../../../../common/resources/types.js';
import { addListExportRoute, knownColumns, statementSource } from '../../lib/export/list-export-route.js';
import { UsersQuery } from './schemas.js';
import { tags } from './session.js';
import { unpagedUsers, type UserFilter } from './users-repository.js';

// `POST be-api-management/admin/users/export`: the users the list's filters match, or the
// selected ones, as the list's other exports make them; Admins and up, as the list. The
// enterprise column is written as the enterprise's name, as the list draws it.

const usersExport: FastifyPluginAsyncTypebox = async (fastify) => {
  addListExportRoute(fastify, {
    path: '/users',
    definition,
    tags,
    query: UsersQuery,
    id: Id,
    columns: knownColumns(definition, { enterpriseId: 'enterpriseName' }),
    async source(query, ids) {
      const { role, ...filter } = query as Omit<UserFilter, 'role'> & { role?: number };
      return statementSource(fastify.db, unpagedUsers({ ...filter, role: role as Role | undefined }, ids));
    },
  });
};

export default usersExport;
