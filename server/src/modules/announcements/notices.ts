import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorReply } from '../../../../common/schemas.js';
import { isoOf } from '../../lib/paging.js';
import { NoticeReply, type NoticeAnswer } from '../../../../common/domains/announcements/schemas.js';
import { ANNOUNCEMENTS_PATH } from './tickets.js';

// The dashboard's staff notices (docs/announcements.md "Staff notices"): the generic module
// writes them; every role reads those showing now, critical first, then the newest.

/** More would not be read above the tiles; an Admin who writes more sees them in the list. */
const MAX_CURRENT = 20;

export const noticeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    `${ANNOUNCEMENTS_PATH}/notices/current`,
    {
      config: { access: { resource: 'staff-notices', action: 'list' } },
      schema: { tags: ['announcements'], summary: 'Notices showing now (starts_at ≤ now < expires_at), critical first, then newest', response: { 200: Type.Array(NoticeReply), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply } },
    },
    async (): Promise<NoticeAnswer[]> => {
      const { rows } = await fastify.db.query<NoticeAnswer>(
        `SELECT id::int AS id, title, body, severity, starts_at AS "startsAt", expires_at AS "expiresAt" FROM staff_notices
         WHERE starts_at <= now() AND expires_at > now()
         ORDER BY severity = 'critical' DESC, starts_at DESC, id DESC LIMIT $1`,
        [MAX_CURRENT],
      );
      return rows.map((row) => ({ ...row, startsAt: isoOf(row.startsAt), expiresAt: isoOf(row.expiresAt) }));
    },
  );
};
