import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorReply, MessageReply } from '../../../../common/schemas.js';
import { AdminUser, EnterpriseOption, IdParams, UserCreateBody, UserReply, UsersQuery, UserUpdateBody } from './schemas.js';
import type { EnterpriseOptionAnswer } from '../../../../common/domains/admin/schemas.js';
import { createUsersAdminService } from './users-service.js';
import { messageBody, orNotFound } from '../../errors.js';
import type { Role } from '../../../../common/resources/types.js';
import { tags } from './session.js';
import { sendPage } from '../../lib/paging.js';
import { findUser, listUsers } from './users-repository.js';

const errors = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply };
const edit = { resource: 'users', action: 'edit' } as const;

const users: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = createUsersAdminService(fastify);

  fastify.get(
    '/users',
    {
      config: { access: { resource: 'users', action: 'list' } },
      schema: {
        tags,
        summary: 'Users, a page at a time; the total in x-total-count',
        querystring: UsersQuery,
        response: { 200: Type.Array(AdminUser), 401: ErrorReply, 403: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const { role, ...filter } = request.query;
      const page = await listUsers(fastify.db, { ...filter, role: role as Role | undefined });
      return sendPage(reply, page);
    },
  );

  fastify.get(
    '/users/enterprise-options',
    {
      config: { access: { resource: 'users', action: 'list' } },
      schema: {
        tags,
        summary: "The active enterprises a user may join, with each bank's mail domain (the user form's choice)",
        response: { 200: Type.Array(EnterpriseOption), 401: ErrorReply, 403: ErrorReply },
      },
    },
    // Every one (small: one per customer), through the enterprises' generic service.
    async () =>
      (await fastify.crud('enterprises').list({ filters: { isActive: true }, sort: 'name:asc', pageSize: 10_000 })).rows.map(
        ({ id, name, mailDomain, isBank }) => ({ id, name, mailDomain, isBank }) as EnterpriseOptionAnswer,
      ),
  );

  fastify.get(
    '/users/:id',
    {
      config: { access: { resource: 'users', action: 'show' } },
      schema: { tags, summary: 'One user', params: IdParams, response: { 200: AdminUser, ...errors } },
    },
    async (request) => orNotFound(await findUser(fastify.db, request.params.id)),
  );

  fastify.post(
    '/users',
    {
      config: { access: { resource: 'users', action: 'create' } },
      schema: {
        tags,
        summary: 'Adds an active user. Only a Super Admin adds a Super Admin; a bank\'s users need its mail domain',
        body: UserCreateBody,
        response: { 201: UserReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = await service.create(request.actor, request.body);
      return reply.code(201).send({ ...messageBody('registered'), user });
    },
  );

  fastify.put(
    '/users/:id',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Changes email, name, role and enterprise (the username never changes)',
        params: IdParams,
        body: UserUpdateBody,
        response: { 200: UserReply, ...errors },
      },
    },
    async (request) => ({ ...messageBody('userUpdated'), user: await service.update(request.actor, request.params.id, request.body) }),
  );

  const statusRoutes = [
    ['approve', 'Approves a pending self-registration', 'userApproved', service.approve],
    ['disable', "Disables the user and ends the user's sessions at once", 'userDisabled', service.disable],
    ['enable', 'Enables a disabled user', 'userEnabled', service.enable],
  ] as const;
  for (const [action, summary, message, run] of statusRoutes) {
    fastify.post(
      `/users/:id/${action}`,
      { config: { access: edit }, schema: { tags, summary, params: IdParams, response: { 200: UserReply, ...errors } } },
      async (request) => ({ ...messageBody(message), user: await run(request.actor, request.params.id) }),
    );
  }

  fastify.post(
    '/users/:id/reset-password',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Mails the user a one-time reset code, as /forgot-password does',
        params: IdParams,
        response: { 200: MessageReply, ...errors },
      },
    },
    async (request) => {
      await service.resetPassword(request.actor, request.params.id);
      return messageBody('resetSent');
    },
  );
};

export default users;
