import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import Type from 'typebox';
import { HttpError } from '../../errors.js';
import { sendBlob } from '../../lib/blobs/send-blob.js';
import { eventStreams } from '../../lib/live/event-stream.js';
import { ErrorReply } from '../../../../common/schemas.js';
import type { OutputEvent } from '../../../../common/domains/finview/model.js';
import { readTicket, sessionLive, ticketKey } from './media-tickets.js';
import { createOutputEvents } from './output-events.js';
import { lockOutput, outputAnswer } from './outputs-repository.js';
import { auditDownload, FINVIEW_PATH } from './routes-outputs.js';

const tags = ['finview'];
const FileBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });

/** The two anonymous, ticketed GETs (docs/finview.md): an output's file (with Range) and the live progress stream. */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const key = ticketKey(fastify);
  const events = createOutputEvents(fastify);
  const openStream = eventStreams(fastify);

  fastify.get(
    `${FINVIEW_PATH}/media/:ticket`,
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: "An output's file by a ticket from POST outputs/:id/media (Range: 206, 416); 401 finviewMediaExpired",
        params: Type.Object({ ticket: Type.String({ maxLength: 1000 }) }),
        response: { 200: FileBytes, 206: FileBytes, 416: Type.Null(), 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const claims = readTicket(key, request.params.ticket, 'media');
      if (!(await sessionLive(fastify.db, claims.s))) throw new HttpError(401, 'finviewMediaExpired');
      const row = await lockOutput(fastify.db, claims.o);
      if (!row) throw new HttpError(404, 'finviewOutputNotFound');
      const blobId = claims.f === 'poster' ? row.posterBlobId : claims.f === 'pdf' ? row.pdfBlobId : claims.f === 'video' ? row.videoBlobId : (row.videoBlobId ?? row.pdfBlobId);
      const meta = blobId ? await fastify.blobs.meta(blobId) : null;
      if (!blobId || !meta) throw new HttpError(404, 'finviewOutputNotFound');

      return sendBlob(request, reply, {
        blobs: fastify.blobs,
        blobId,
        meta,
        disposition: claims.f === 'download' ? 'attachment' : 'inline',
        notFound: new HttpError(404, 'finviewOutputNotFound'),
        async beforeBody(range) {
          if (claims.f !== 'download' || range) return;
          const output = await outputAnswer(fastify.db, row.id);
          if (output) await auditDownload(fastify, output, claims.u);
        },
      });
    },
  );

  fastify.get(
    `${FINVIEW_PATH}/events`,
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'text/event-stream of `output` events (OutputEvent) by a ticket from POST events/ticket; `: ping` every 15 s',
        querystring: Type.Object({ ticket: Type.String({ maxLength: 1000 }) }),
        response: { 401: ErrorReply },
      },
    },
    async (request, reply) => {
      const claims = readTicket(key, request.query.ticket, 'events');
      if (!(await sessionLive(fastify.db, claims.s))) throw new HttpError(401, 'finviewMediaExpired');
      openStream<OutputEvent>(request, reply, { sessionId: claims.s, event: 'output', subscribe: (send) => events.subscribe(send) });
    },
  );
};
