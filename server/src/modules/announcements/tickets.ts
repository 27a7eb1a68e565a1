import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as tickets from '../../lib/tickets.js';

// Announcements' two kinds of ticket (lib/tickets.ts, docs/announcements.md): an
// attachment's PDF for an <iframe>, and the live stream for an EventSource.

export const ANNOUNCEMENTS_PATH = '/be-api-management/announcements';
export const ATTACHMENT_TICKET_SECONDS = 600;
export const EVENTS_TICKET_SECONDS = 60;
const EXPIRED = 'announcementLinkExpired';

/** The signed-in session a guarded route runs for (a ticket is bound to it). */
export function sessionIdOf(request: FastifyRequest): string {
  const session = request.session;
  if (!session) throw new Error('guarded route reached without a session');
  return session.sessionId;
}

export interface AnnouncementTickets {
  attachment(announcementId: number, sessionId: string): string;
  /** The announcement and the session; 404 forged, 401 `announcementLinkExpired`. */
  readAttachment(ticket: string): { announcementId: number; sessionId: string };
  events(sessionId: string): string;
  readEvents(ticket: string): { sessionId: string };
}

export function announcementTickets(fastify: FastifyInstance): AnnouncementTickets {
  const key = tickets.ticketKey(fastify, 'announcements-tickets:1');
  return {
    attachment: (announcementId, sessionId) => tickets.signTicket(key, 'a', [announcementId, sessionId], tickets.expiresIn(ATTACHMENT_TICKET_SECONDS)),
    readAttachment(ticket) {
      const [id, sessionId] = tickets.readTicket(key, ticket, 'a', 2, EXPIRED).fields as [string, string];
      return { announcementId: Number(id), sessionId };
    },
    events: (sessionId) => tickets.signTicket(key, 'e', [sessionId], tickets.expiresIn(EVENTS_TICKET_SECONDS)),
    readEvents: (ticket) => ({ sessionId: tickets.readTicket(key, ticket, 'e', 1, EXPIRED).fields[0] as string }),
  };
}
