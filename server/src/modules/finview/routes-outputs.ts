import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { HttpError } from '../../errors.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { recordAudit } from '../../lib/audit.js';
import { sendPage } from '../../lib/paging.js';
import type { MediaAnswer, OutputAnswer } from '../../../../common/domains/finview/model.js';
import { createOutputActions, type ActionActor } from './output-actions.js';
import { createOutput, queueOf } from './outputs-service.js';
import { listOutputs, lockOutput, outputAnswer } from './outputs-repository.js';
import { EVENTS_TICKET_SECONDS, MEDIA_TICKET_SECONDS, signTicket, ticketKey, type MediaFile } from './media-tickets.js';
import { MediaAnswerSchema, OutputAnswerSchema } from '../../../../common/domains/finview/schemas.js';
import { CreateOutputBody, OutputListQuery, OutputParams, VersionBody } from './schemas-outputs.js';

const tags = ['finview'];
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply, 503: ErrorReply };
export const FINVIEW_PATH = '/be-api-management/finview';

function sessionOf(request: FastifyRequest): ActionActor & { sessionId: string } {
  const session = request.session;
  if (!session) throw new Error('guarded route reached without a session');
  return { ...request.actor, role: session.role, sessionId: session.sessionId };
}

/** Outputs (docs/finview.md "Outputs"): create, list, one, cancel, retry, approve, delete, media and events tickets. */
export const outputRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const actions = createOutputActions(fastify);
  const key = ticketKey(fastify);

  fastify.post(
    `${FINVIEW_PATH}/outputs`,
    {
      config: { access: { resource: 'create-videos', action: 'create' } },
      schema: {
        tags,
        summary: "Renders the template's published version with these params (checked; bindings resolved now); 201 queued; audited",
        body: CreateOutputBody,
        response: { 201: OutputAnswerSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const actor = sessionOf(request);
      const { output } = await fastify.db.transaction((tx) =>
        createOutput(fastify, tx, {
          templateId: request.body.templateId,
          params: request.body.params,
          ...(request.body.title === undefined ? {} : { title: request.body.title }),
          origin: 'user',
          createdBy: Number(actor.id),
          actor: { id: Number(actor.id), username: actor.username },
        }),
      );
      // Sent inside a transaction, the job wakes no worker and (PGlite) tells no listener: now it may.
      fastify.jobs.events.committed([{ id: output.jobId, queue: queueOf(output.kind), status: output.status, progress: output.progress }]);
      return reply.code(201).send(output);
    },
  );

  fastify.get(
    `${FINVIEW_PATH}/outputs`,
    {
      config: { access: { resource: 'videos', action: 'list' } },
      schema: {
        tags,
        summary: 'Videos and reports, one page (createdAt desc by default); x-total-count is the exact total',
        querystring: OutputListQuery,
        response: { 200: Type.Array(OutputAnswerSchema), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const pageSize = (await fastify.appConfig.current()).defaults.pageSize;
      return sendPage(reply, await listOutputs(fastify.db, request.query, pageSize));
    },
  );

  fastify.get(
    `${FINVIEW_PATH}/outputs/:id`,
    {
      config: { access: { resource: 'videos', action: 'show' } },
      schema: { tags, summary: 'One output with its job status and progress', params: OutputParams, response: { 200: OutputAnswerSchema, ...ERRORS } },
    },
    async (request) => {
      const output = await outputAnswer(fastify.db, request.params.id);
      if (!output) throw new HttpError(404, 'finviewOutputNotFound');
      return output;
    },
  );

  fastify.post(
    `${FINVIEW_PATH}/outputs/:id/cancel`,
    {
      config: { access: { resource: 'videos', action: 'show' } },
      schema: { tags, summary: 'Cancels a queued or running render (409 finviewNotCancellable); audited', params: OutputParams, response: { 200: OutputAnswerSchema, ...ERRORS } },
    },
    async (request) => actions.cancel(sessionOf(request), request.params.id),
  );

  fastify.post(
    `${FINVIEW_PATH}/outputs/:id/retry`,
    {
      config: { access: { resource: 'videos', action: 'show' } },
      schema: { tags, summary: 'Queues a failed or cancelled render again, same data (409 finviewNotRetryable); audited', params: OutputParams, response: { 200: OutputAnswerSchema, ...ERRORS } },
    },
    async (request) => actions.retry(sessionOf(request), request.params.id),
  );

  fastify.post(
    `${FINVIEW_PATH}/outputs/:id/approve`,
    {
      config: { access: { resource: 'videos', action: 'show' } },
      schema: {
        tags,
        summary: 'Approves (publishes) a succeeded output: Admin+ (403 forbidden), not its maker (403 finviewMakerChecker), 409 finviewNotReady; audited',
        params: OutputParams,
        body: VersionBody,
        response: { 200: OutputAnswerSchema, ...ERRORS },
      },
    },
    async (request) => actions.approve(sessionOf(request), request.params.id, request.body.version),
  );

  fastify.delete(
    `${FINVIEW_PATH}/outputs/:id`,
    {
      config: { access: { resource: 'videos', action: 'delete' } },
      schema: { tags, summary: 'Deletes an output and its files (409 finviewRunning; approved: Admin+, 403 finviewPublishedDelete); audited', params: OutputParams, response: { 204: Type.Null(), ...ERRORS } },
    },
    async (request, reply) => {
      await actions.remove(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    `${FINVIEW_PATH}/outputs/:id/media`,
    {
      config: { access: { resource: 'videos', action: 'show' } },
      schema: { tags, summary: "URLs of a succeeded output's files for 10 minutes, bound to this session (409 finviewNotReady)", params: OutputParams, response: { 200: MediaAnswerSchema, ...ERRORS } },
    },
    async (request) => {
      const actor = sessionOf(request);
      const row = await lockOutput(fastify.db, request.params.id);
      if (!row) throw new HttpError(404, 'finviewOutputNotFound');
      if (row.status !== 'succeeded') throw new HttpError(409, 'finviewNotReady');
      const expires = Math.floor(Date.now() / 1000) + MEDIA_TICKET_SECONDS;
      const url = (file: MediaFile) =>
        `${fastify.apiPrefix}${FINVIEW_PATH}/media/${signTicket(key, { k: 'media', o: row.id, f: file, s: actor.sessionId, u: actor.id, e: expires })}`;
      const answer: MediaAnswer = { expiresAt: new Date(expires * 1000).toISOString() };
      if (row.videoBlobId) answer.video = url('video');
      if (row.posterBlobId) answer.poster = url('poster');
      if (row.pdfBlobId) answer.pdf = url('pdf');
      if (row.videoBlobId || row.pdfBlobId) answer.download = url('download');
      return answer;
    },
  );

  // The same ticket under the outputs endpoint too: where the generic list's live refresh asks
  // (`{endpoint}/events/ticket`, list.liveChannel 'output').
  for (const path of [`${FINVIEW_PATH}/events/ticket`, `${FINVIEW_PATH}/outputs/events/ticket`]) {
    fastify.post(
      path,
      {
        config: { access: { resource: 'videos', action: 'list' } },
        schema: { tags, summary: 'The URL of the live progress stream (EventSource), valid a minute to connect', response: { 200: Type.Object({ url: Type.String() }), ...ERRORS } },
      },
      async (request) => {
        const { sessionId } = sessionOf(request);
        const ticket = signTicket(key, { k: 'events', s: sessionId, e: Math.floor(Date.now() / 1000) + EVENTS_TICKET_SECONDS });
        return { url: `${fastify.apiPrefix}${FINVIEW_PATH}/events?ticket=${encodeURIComponent(ticket)}` };
      },
    );
  }
};

/** A download audited in its own transaction (the GET that reads the file is anonymous and carries the ticket's user). */
export async function auditDownload(fastify: Parameters<FastifyPluginAsyncTypebox>[0], output: OutputAnswer, userId: string): Promise<void> {
  await fastify.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [userId]);
    const actor = { id: userId, username: rows[0]?.username ?? '' };
    await recordAudit(tx, { actor, entity: 'finview_output', entityId: String(output.id), action: 'download', after: { title: output.title } });
  });
}
