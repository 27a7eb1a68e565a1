import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Queryable } from '../../db/index.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { StatsReply, type AnnouncementStats } from '../../../../common/domains/announcements/schemas.js';
import { ANNOUNCEMENTS_PATH } from './tickets.js';

// The dashboard's tile (docs/announcements.md "Stats"): the queue, its oldest, the unmatched,
// and how long published ones took from the exchange to the firm's feed over the last day.

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function announcementStats(q: Queryable): Promise<AnnouncementStats> {
  // Two reads by their own indexes (announcements_status_time, announcements_published_at);
  // unmatched counts the queue's only: a decided row without a company is nobody's work.
  const { rows: [queue] } = await q.query<{ queue: string; oldest: number | null; unmatched: string }>(
    `SELECT count(*) AS queue, extract(epoch FROM now() - min(disseminated_at))::float8 AS oldest,
            count(*) FILTER (WHERE company_id IS NULL) AS unmatched
     FROM announcements WHERE status IN ('ingested', 'needs_review')`,
  );
  const { rows: [latency] } = await q.query<{ count: string; p50: number | null; p95: number | null }>(
    `SELECT count(*) AS count,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM published_at - disseminated_at))::float8 AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM published_at - disseminated_at))::float8 AS p95
     FROM announcements WHERE published_at > now() - interval '24 hours'`,
  );
  const oldest = num(queue?.oldest);
  return {
    queue: Number(queue?.queue ?? 0),
    oldestAgeSeconds: oldest === null ? null : Math.max(0, Math.round(oldest)),
    unmatched: Number(queue?.unmatched ?? 0),
    latency: { count: Number(latency?.count ?? 0), p50Seconds: num(latency?.p50), p95Seconds: num(latency?.p95) },
  };
}

export const statsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    `${ANNOUNCEMENTS_PATH}/stats`,
    {
      config: { access: { resource: 'announcements', action: 'list' } },
      schema: { tags: ['announcements'], summary: 'The dashboard tile: queue, oldest waiting, unmatched, latency of the last 24 h', response: { 200: StatsReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply } },
    },
    () => announcementStats(fastify.db),
  );
};
