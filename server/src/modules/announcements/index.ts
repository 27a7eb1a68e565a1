import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { feedRoutes } from './routes-feeds.js';
import { liveRoutes } from './routes-live.js';
import { reviewRoutes } from './routes-review.js';
import { startAnnouncementsWork } from './work.js';
import Type from 'typebox';
import { Id } from '../../../../common/schemas.js';
import { DetailReply } from './schemas-review.js';
import { announcementsTransitionStore } from './transition-store.js';
import { createTransitionService } from '../../lib/workflow/transitions-service.js';
import { transitionRoutes } from '../../lib/workflow/transitions-routes.js';

/**
 * Announcements' API (issue 13, docs/announcements.md): the review workflow with soft locks,
 * the feeds and their runs on the job queue, live updates (server-sent events over
 * LISTEN/NOTIFY), attachments, stats and the dashboard's staff notices.
 */
const announcements: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(reviewRoutes);
  // The decisions as the workflow's transitions (common/resources/announcements.ts): the routes the generic pages use.
  const transitions = createTransitionService(announcementsTransitionStore(fastify), fastify.domainEvents);
  await fastify.register(transitionRoutes(transitions, { record: DetailReply, idName: 'id', params: Type.Object({ id: Id }) }, 'validation'));
  await fastify.register(feedRoutes);
  await fastify.register(liveRoutes);
  await startAnnouncementsWork(fastify);
};

export default announcements;
