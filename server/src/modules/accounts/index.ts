import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  LoginReply,
  MeReply,
  PublicKeyReply,
  RegisterBody,
  RegisterReply,
  ResetPasswordBody,
} from './schemas.js';
import { ErrorReply, MessageReply } from '../../../../common/schemas.js';
import { createAccountsService } from './service.js';
import { messageBody } from '../../errors.js';
import { sendRcKey } from '../../plugins/app/sealing.js';
import { ANONYMOUS_LIMITS } from '../../plugins/app/rate-limit.js';
import type { SealedSession } from '../../lib/sealing/check.js';
import type { FastifyRequest } from 'fastify';

const tags = ['accounts'];

function sessionOf(request: FastifyRequest): SealedSession {
  // The access plugin runs the seal check before any 'authenticated' handler.
  if (!request.session) throw new Error('sealed route reached without a session');
  return request.session;
}

const accounts: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = createAccountsService(fastify);

  fastify.get(
    '/publicKey',
    {
      config: { access: 'anonymous' },
      schema: { tags, summary: 'The RSA public key requests are sealed for', response: { 200: PublicKeyReply } },
    },
    async () => ({ publicKey: fastify.serverKey.publicKeyPem }),
  );

  fastify.post(
    '/login',
    {
      config: { access: 'anonymous', rateLimit: ANONYMOUS_LIMITS.login },
      schema: {
        tags,
        summary: 'Opens a session; the first cipher key comes in the rc-key header. A locked account (423) also needs the mailed otp',
        body: LoginBody,
        response: { 200: LoginReply, 401: ErrorReply, 403: ErrorReply, 422: ErrorReply, 423: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const result = await service.login(request.body.username, request.body.password, request.ip, request.body.otp);
      sendRcKey(reply, result.rcKey);
      return {
        user_id: result.userId,
        username: result.username,
        role: result.role,
        access_token: result.accessToken,
        anonymous_paths: anonymousPaths(),
        expires_at: result.expiresAt.toISOString(),
      };
    },
  );

  fastify.post(
    '/users',
    {
      config: { access: 'anonymous', rateLimit: ANONYMOUS_LIMITS.register },
      schema: {
        tags,
        summary: 'Self-registration; the account stays pending until an admin approves it. A taken e-mail answers as a new one',
        body: RegisterBody,
        response: { 201: RegisterReply, 409: ErrorReply, 422: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const userId = await service.register(request.body);
      return reply.code(201).send({ ...messageBody('registered'), user_id: userId });
    },
  );

  fastify.post(
    '/forgot-password',
    {
      config: { access: 'anonymous', rateLimit: ANONYMOUS_LIMITS.forgotPassword },
      schema: {
        tags,
        summary: 'Mails a reset code to an active account; the same answer for any address',
        body: ForgotPasswordBody,
        response: { 200: MessageReply, 422: ErrorReply, 429: ErrorReply },
      },
    },
    async (request) => {
      await service.requestPasswordCode(request.body.email);
      return messageBody('codeSent');
    },
  );

  fastify.post(
    '/reset-password',
    {
      config: { access: 'anonymous', rateLimit: ANONYMOUS_LIMITS.resetPassword },
      schema: {
        tags,
        summary: 'Sets a new password with a mailed code; ends every session of the account',
        body: ResetPasswordBody,
        response: { 200: MessageReply, 422: ErrorReply, 429: ErrorReply },
      },
    },
    async (request) => {
      await service.resetPassword(request.body.email, request.body.otp, request.body.newPassword);
      return messageBody('passwordChanged');
    },
  );

  fastify.post(
    '/change-user-password',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Changes the caller's password; ends the account's other sessions",
        body: ChangePasswordBody,
        response: { 200: MessageReply, 401: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => {
      await service.changePassword(sessionOf(request), request.body.oldPassword, request.body.newPassword);
      return messageBody('passwordChanged');
    },
  );

  fastify.get(
    '/me',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The caller', response: { 200: MeReply, 401: ErrorReply } },
    },
    async (request) => {
      const { id, username, role, name, email } = sessionOf(request);
      return { user_id: id, username, role, name, email };
    },
  );

  fastify.post(
    '/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Ends the session', response: { 204: Type.Null(), 401: ErrorReply } },
    },
    async (request, reply) => {
      await service.logout(sessionOf(request));
      return reply.code(204).send(null);
    },
  );

  /** `METHOD /path` relative to the API base, from the routes themselves so the list cannot drift. */
  function anonymousPaths(): string[] {
    return fastify.routeAccess
      .filter((entry) => entry.access === 'anonymous' && entry.method !== 'HEAD')
      .map((entry) => `${entry.method} ${entry.url.slice(fastify.apiPrefix.length)}`);
  }
};

export default accounts;
