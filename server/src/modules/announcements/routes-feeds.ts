import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { FeedBody, FeedReply, RunReply } from '../../../../common/domains/announcements/schemas.js';
import { ErrorReply, MessageReply, Page, PageSize, RowId } from '../../../../common/schemas.js';
import { limitOffset, sendPage } from '../../lib/paging.js';
import { serverMessage } from '../../../../common/messages.js';
import { findRun, listFeeds, listRuns } from './feeds-repository.js';
import { changeFeed, createFeed, getFeed, removeFeed, requestRun } from './feeds-service.js';
import { HttpError } from '../../errors.js';
import { announcementFeeds } from '../../../../common/resources/announcement-feeds.js';
import { addListExportRoute, knownColumns } from '../../lib/export/list-export-route.js';

// Feeds and their runs (docs/announcements.md "Feeds and ingestion"): every role reads them,
// Admins write and run them.

const tags = ['announcements'];
const BASE = '/be-api-management/announcements/feeds';
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply, 503: ErrorReply };
const FEEDS = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({ resource: 'announcement-feeds', action }) as const;

const Params = Type.Object({ id: RowId });
const VersionedFeedBody = Type.Intersect([FeedBody, Type.Object({ version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })]);
// The generic list's protocol (page, pageSize, sort, q, `?source=BSE,NSE`, `?enabled=`); without `page` every feed, as before.
const FeedsQuery = Type.Object({
  page: Type.Optional(Page),
  pageSize: Type.Optional(PageSize),
  sort: Type.Optional(Type.String({ maxLength: 200 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  source: Type.Optional(Type.String({ maxLength: 20, pattern: '^(BSE|NSE)(,(BSE|NSE))*$' })),
  enabled: Type.Optional(Type.Boolean()),
});
const RunsQuery = Type.Object({ feedId: Type.Optional(RowId), page: Type.Optional(Page), pageSize: Type.Optional(PageSize) });

export const feedRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    BASE,
    {
      config: { access: FEEDS('list') },
      schema: {
        tags,
        summary: 'Feeds with their last run, by name (sort=name|source|enabled|cron|lastRunAt|nextRunAt|createdAt:asc|desc); q, source, enabled; page/pageSize; x-total-count',
        querystring: FeedsQuery,
        response: { 200: Type.Array(FeedReply), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { page, pageSize, ...filters } = request.query;
      const paging = page === undefined && pageSize === undefined ? {} : limitOffset({ page, pageSize });
      return sendPage(reply, await listFeeds(fastify.db, { ...filters, ...paging }));
    },
  );

  // The filtered feeds (or the selected ones) as a file, as every list's export; a feed's last
  // run is written as its outcome. Feeds are few: read as the list reads them.
  addListExportRoute(fastify, {
    path: BASE,
    definition: announcementFeeds,
    tags,
    query: FeedsQuery,
    id: RowId,
    columns: knownColumns(announcementFeeds),
    async source(query, ids) {
      const chosen = ids ? new Set(ids.map(String)) : undefined;
      const { rows } = await listFeeds(fastify.db, query as Omit<Static<typeof FeedsQuery>, 'page' | 'pageSize'>);
      return { rows: rows.filter((feed) => !chosen || chosen.has(String(feed.id))).map((feed) => ({ ...feed, lastRun: feed.lastRun?.status ?? null })) };
    },
  });

  fastify.get(
    `${BASE}/runs`,
    {
      config: { access: FEEDS('list') },
      schema: { tags, summary: 'Runs, newest first (one feed with feedId); x-total-count', querystring: RunsQuery, response: { 200: Type.Array(RunReply), ...ERRORS } },
    },
    async (request, reply) => {
      const { limit, offset } = limitOffset({ page: request.query.page, pageSize: request.query.pageSize ?? 20 });
      return sendPage(reply, await listRuns(fastify.db, request.query.feedId, limit, offset));
    },
  );

  fastify.get(
    `${BASE}/runs/:id`,
    { config: { access: FEEDS('show') }, schema: { tags, summary: 'One run with its problems; 404 notFound', params: Params, response: { 200: RunReply, ...ERRORS } } },
    async (request) => {
      const run = await findRun(fastify.db, request.params.id);
      if (!run) throw new HttpError(404, 'notFound');
      return run;
    },
  );

  fastify.get(
    `${BASE}/:id`,
    { config: { access: FEEDS('show') }, schema: { tags, summary: 'One feed; 404 feedNotFound', params: Params, response: { 200: FeedReply, ...ERRORS } } },
    async (request) => getFeed(fastify.db, request.params.id),
  );

  fastify.post(
    BASE,
    {
      config: { access: FEEDS('create') },
      schema: { tags, summary: 'A feed: 422 reasons feedUrl, egressHost, egressAddress, egressFile (the egress policy), finviewCron, finviewTimezone; 409 recordTaken (name); audited', body: FeedBody, response: { 201: FeedReply, ...ERRORS } },
    },
    async (request, reply) => reply.code(201).send(await createFeed(fastify, request.actor, request.body)),
  );

  fastify.put(
    `${BASE}/:id`,
    { config: { access: FEEDS('edit') }, schema: { tags, summary: 'Changes a feed (as POST); 409 staleEdit; audited', params: Params, body: VersionedFeedBody, response: { 200: FeedReply, ...ERRORS } } },
    async (request) => changeFeed(fastify, request.actor, request.params.id, request.body),
  );

  fastify.delete(
    `${BASE}/:id`,
    { config: { access: FEEDS('delete') }, schema: { tags, summary: 'Deletes a feed and its runs (announcements stay); audited', params: Params, response: { 204: Type.Null(), ...ERRORS } } },
    async (request, reply) => {
      await removeFeed(fastify, request.actor, request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    `${BASE}/:id/run`,
    { config: { access: FEEDS('edit') }, schema: { tags, summary: 'Runs the feed now: 202 feedRunQueued; 409 feedRunning; audited', params: Params, response: { 202: MessageReply, ...ERRORS } } },
    async (request, reply) => {
      await requestRun(fastify, request.actor, request.params.id);
      return reply.code(202).send({ message: serverMessage('feedRunQueued'), code: 'feedRunQueued' });
    },
  );
};
