import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { FEED_SOURCES } from '../../../../common/domains/announcements/model.js';
import { ErrorReply, MessageReply, Page, PageSize } from '../../../../common/schemas.js';
import { limitOffset, sendPage } from '../../lib/paging.js';
import { serverMessage } from '../../../../common/messages.js';
import { findRun, listFeeds, listRuns } from './feeds-repository.js';
import { changeFeed, createFeed, getFeed, removeFeed, requestRun } from './feeds-service.js';
import { HttpError } from '../../errors.js';

// Feeds and their runs (docs/announcements.md "Feeds and ingestion"): every role reads them,
// Admins write and run them.

const tags = ['announcements'];
const BASE = '/be-api-management/announcements/feeds';
const ERRORS = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply, 503: ErrorReply };
const FEEDS = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({ resource: 'announcement-feeds', action }) as const;

const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Params = Type.Object({ id: RowId });
const literals = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const UserRef = Type.Object({ id: Type.Integer(), username: Type.String() });

const FeedBody = Type.Object({
  source: literals(FEED_SOURCES),
  name: Type.String({ minLength: 1, maxLength: 80 }),
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  attachmentBase: Type.String({ maxLength: 2000, default: '' }),
  cron: Type.String({ minLength: 1, maxLength: 100 }),
  timezone: Type.String({ minLength: 1, maxLength: 60 }),
  enabled: Type.Boolean(),
});
const VersionedFeedBody = Type.Intersect([FeedBody, Type.Object({ version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })]);

const Problem = Type.Object({
  index: Type.Integer(),
  sourceId: Nullable(Type.String()),
  reason: Type.String(),
  field: Nullable(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Number())),
});
const RunReply = Type.Object({
  id: Type.Integer(),
  feedId: Nullable(Type.Integer()),
  feedName: Nullable(Type.String()),
  source: literals(FEED_SOURCES),
  trigger: literals(['schedule', 'manual'] as const),
  status: literals(['running', 'succeeded', 'failed'] as const),
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  entries: Type.Integer(),
  inserted: Type.Integer(),
  known: Type.Integer(),
  grouped: Type.Integer(),
  unmatched: Type.Integer(),
  malformed: Type.Integer(),
  attachmentsFailed: Type.Integer(),
  problems: Type.Array(Problem),
  error: Nullable(Type.String()),
  createdBy: Nullable(UserRef),
});
const FeedReply = Type.Object({
  id: Type.Integer(),
  source: literals(FEED_SOURCES),
  name: Type.String(),
  url: Type.String(),
  attachmentBase: Type.String(),
  cron: Type.String(),
  timezone: Type.String(),
  enabled: Type.Boolean(),
  lastRunAt: Nullable(Type.String()),
  nextRunAt: Nullable(Type.String()),
  lastRun: Nullable(RunReply),
  createdBy: Nullable(UserRef),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const RunsQuery = Type.Object({ feedId: Type.Optional(RowId), page: Type.Optional(Page), pageSize: Type.Optional(PageSize) });

export const feedRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    BASE,
    { config: { access: FEEDS('list') }, schema: { tags, summary: 'Every feed with its last run', response: { 200: Type.Array(FeedReply), ...ERRORS } } },
    async () => listFeeds(fastify.db),
  );

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
