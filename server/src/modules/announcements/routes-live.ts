import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { HttpError } from '../../errors.js';
import { ErrorReply } from '../../../../common/schemas.js';
import { eventStreams } from '../../lib/live/event-stream.js';
import { sessionLive } from '../../lib/tickets.js';
import type { AnnouncementsEvent } from '../../../../common/domains/announcements/model.js';
import { createAnnouncementEvents } from './live-events.js';
import { attachmentRoutes } from './routes-attachment.js';
import { noticeRoutes } from './notices.js';
import { statsRoutes } from './stats.js';
import { ANNOUNCEMENTS_PATH, announcementTickets, sessionIdOf } from './tickets.js';

const tags = ['announcements'];

/** docs/announcements.md "Live", "Attachments", "Stats", staff notices' current list. */
export const liveRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tickets = announcementTickets(fastify);
  const events = createAnnouncementEvents(fastify);
  const openStream = eventStreams(fastify);

  fastify.post(
    `${ANNOUNCEMENTS_PATH}/events/ticket`,
    {
      config: { access: { resource: 'announcements', action: 'list' } },
      schema: {
        tags,
        summary: 'The URL of the live stream (EventSource), valid a minute to connect',
        response: { 200: Type.Object({ url: Type.String() }), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => ({ url: `${fastify.apiPrefix}${ANNOUNCEMENTS_PATH}/events?ticket=${encodeURIComponent(tickets.events(sessionIdOf(request)))}` }),
  );

  fastify.get(
    `${ANNOUNCEMENTS_PATH}/events`,
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'text/event-stream of `announcements` events (AnnouncementsEvent) by a ticket from POST events/ticket; `: ping` every 15 s; 401 announcementLinkExpired',
        querystring: Type.Object({ ticket: Type.String({ maxLength: 1000 }) }),
        response: { 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { sessionId } = tickets.readEvents(request.query.ticket);
      if (!(await sessionLive(fastify.db, sessionId))) throw new HttpError(401, 'announcementLinkExpired');
      // LISTEN holds before the headers leave: a write the client makes once open is heard.
      await events.ready();
      openStream<AnnouncementsEvent>(request, reply, { sessionId, event: 'announcements', subscribe: (send) => events.subscribe(send) });
    },
  );

  await fastify.register(attachmentRoutes, { tickets });
  await fastify.register(statsRoutes);
  await fastify.register(noticeRoutes);
};
