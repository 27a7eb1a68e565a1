import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import Type from 'typebox';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { sendBlob } from '../../lib/blobs/send-blob.js';
import { sessionLive } from '../../lib/tickets.js';
import { ANNOUNCEMENTS_PATH, sessionIdOf, type AnnouncementTickets } from './tickets.js';

// An announcement's stored PDF (docs/announcements.md "Attachments"): a sealed call asks for a
// link bound to its session, the <iframe> GETs it anonymously (Range for PDF.js's partial reads).

const tags = ['announcements'];
const FileBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** The row's stored PDF id; 404 `announcementNotFound` / `announcementNoAttachment`. */
async function attachmentOf(q: Queryable, id: number): Promise<string> {
  const { rows } = await q.query<{ blobId: string | null }>('SELECT attachment_blob_id AS "blobId" FROM announcements WHERE id = $1', [id]);
  if (!rows[0]) throw new HttpError(404, 'announcementNotFound');
  if (!rows[0].blobId) throw new HttpError(404, 'announcementNoAttachment');
  return rows[0].blobId;
}

export const attachmentRoutes: FastifyPluginAsyncTypebox<{ tickets: AnnouncementTickets }> = async (fastify, { tickets }) => {
  fastify.post(
    `${ANNOUNCEMENTS_PATH}/:id/attachment`,
    {
      config: { access: { resource: 'announcements', action: 'show' } },
      schema: {
        tags,
        summary: "A link to the announcement's PDF (10 minutes, this session); 404 announcementNoAttachment",
        params: IdParams,
        response: { 200: Type.Object({ url: Type.String() }), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      await attachmentOf(fastify.db, request.params.id);
      return { url: `${fastify.apiPrefix}${ANNOUNCEMENTS_PATH}/attachment/${tickets.attachment(request.params.id, sessionIdOf(request))}` };
    },
  );

  fastify.get(
    `${ANNOUNCEMENTS_PATH}/attachment/:ticket`,
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'The PDF by a ticket from POST :id/attachment, inline (Range: 206, 416); 401 announcementLinkExpired',
        params: Type.Object({ ticket: Type.String({ maxLength: 1000 }) }),
        response: { 200: FileBytes, 206: FileBytes, 416: Type.Null(), 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { announcementId, sessionId } = tickets.readAttachment(request.params.ticket);
      if (!(await sessionLive(fastify.db, sessionId))) throw new HttpError(401, 'announcementLinkExpired');
      const blobId = await attachmentOf(fastify.db, announcementId);
      const meta = await fastify.blobs.meta(blobId);
      const gone = new HttpError(404, 'announcementNoAttachment');
      if (!meta) throw gone;
      return sendBlob(request, reply, { blobs: fastify.blobs, blobId, meta, disposition: 'inline', notFound: gone });
    },
  );
};
