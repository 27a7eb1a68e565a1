import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { ErrorReply } from '../../../../common/schemas.js';
import { AuditQuery, AuditRecord } from './schemas.js';
import { tags } from './session.js';
import { sendPage } from '../../lib/paging.js';
import { HttpError } from '../../errors.js';
import { listAuditLog, type AuditFilter } from './audit-log-repository.js';

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

/** The list's query as the repository's filter: the generic list's `at=from,to` and `actorUsername=` are dateFrom, dateTo and actor. */
export function auditFilterOf(query: Static<typeof AuditQuery>): AuditFilter {
  const { at, actorUsername, ...rest } = query;
  const [from, to] = at ? at.split(',') : [];
  // The pattern lets 2026-02-30 through; the database would fail on it.
  if (![from, to].every((day) => !day || isCalendarDay(day))) {
    throw new HttpError(422, 'validation', { at: 'date' });
  }
  return { ...rest, ...(from ? { dateFrom: from } : {}), ...(to ? { dateTo: to } : {}), ...(actorUsername ? { actor: actorUsername } : {}) };
}

const auditLog: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/audit-log',
    {
      config: { access: { resource: 'audit-log', action: 'list' } },
      schema: {
        tags,
        summary: 'Who changed what and when, newest first; filters by entity, action, actor (or actorUsername) and days (UTC, inclusive: dateFrom/dateTo, or at=from,to)',
        querystring: AuditQuery,
        response: { 200: Type.Array(AuditRecord), 401: ErrorReply, 403: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => sendPage(reply, await listAuditLog(fastify.db, auditFilterOf(request.query))),
  );
};

export default auditLog;
