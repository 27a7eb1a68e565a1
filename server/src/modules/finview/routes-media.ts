import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import Type from 'typebox';
import { HttpError } from '../../errors.js';
import { ErrorReply } from '../../schemas/common.js';
import type { OutputEvent } from '../../../../src/resources/finview-model.js';
import { readTicket, sessionLive, ticketKey } from './media-tickets.js';
import { createOutputEvents } from './output-events.js';
import { lockOutput, outputAnswer } from './outputs-repository.js';
import { auditDownload, FINVIEW_PATH } from './routes-outputs.js';

const tags = ['finview'];
const FileBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
const PING_MS = 15_000;
/** How often an open stream checks that its session still lives. */
const SESSION_CHECK_MS = 60_000;

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range) as inclusive offsets; 'bad' when unsatisfiable, null when absent or not one range. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'bad' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'bad';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The two anonymous, ticketed GETs (docs/finview.md): an output's file (with Range) and the live progress stream. */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const key = ticketKey(fastify);
  const events = createOutputEvents(fastify);
  // Open streams, ended when the server closes (it would otherwise wait for them).
  const streams = new Set<() => void>();
  fastify.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

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

      reply.header('accept-ranges', 'bytes');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, max-age=600');
      reply.header('content-disposition', contentDisposition(claims.f === 'download' ? 'attachment' : 'inline', meta.filename));
      const range = parseRange(request.headers.range, meta.size);
      if (range === 'bad') {
        return reply.code(416).header('content-range', `bytes */${meta.size}`).send(null);
      }
      if (claims.f === 'download') {
        const output = await outputAnswer(fastify.db, row.id);
        if (output && !range) await auditDownload(fastify, output, { id: claims.u, username: claims.n });
      }
      const content = range ? await fastify.blobs.getRange(blobId, range.start, range.end) : await fastify.blobs.get(blobId);
      if (!content) throw new HttpError(404, 'finviewOutputNotFound');
      reply.type(meta.contentType);
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${meta.size}`).header('content-length', String(range.end - range.start + 1));
      } else {
        reply.header('content-length', String(meta.size));
      }
      return reply.send(content.stream);
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
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write('retry: 3000\n\n');
      const send = (event: OutputEvent) => raw.write(`event: output\ndata: ${JSON.stringify(event)}\n\n`);
      const unsubscribe = events.subscribe(send);
      const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
      const check = setInterval(() => {
        sessionLive(fastify.db, claims.s)
          .then((live) => {
            if (!live) raw.end();
          })
          .catch(() => undefined);
      }, SESSION_CHECK_MS);
      const end = () => {
        streams.delete(end);
        clearInterval(ping);
        clearInterval(check);
        unsubscribe();
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.once('close', end);
    },
  );
};
