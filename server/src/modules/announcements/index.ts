import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { feedRoutes } from './routes-feeds.js';
import { liveRoutes } from './routes-live.js';
import { reviewRoutes } from './routes-review.js';
import { startAnnouncementsWork } from './work.js';

/**
 * Announcements' API (issue 13, docs/announcements.md): the review workflow with soft locks,
 * the feeds and their runs on the job queue, live updates (server-sent events over
 * LISTEN/NOTIFY), attachments, stats and the dashboard's staff notices.
 */
const announcements: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(reviewRoutes);
  await fastify.register(feedRoutes);
  await fastify.register(liveRoutes);
  await startAnnouncementsWork(fastify);
};

export default announcements;
