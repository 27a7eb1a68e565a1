import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../errors.js';
import * as tickets from '../../lib/tickets.js';

// finview's two kinds of ticket (lib/tickets.ts): an output's file, and the live progress stream.

export { sessionLive } from '../../lib/tickets.js';

export type MediaFile = 'video' | 'poster' | 'pdf' | 'download';

export type TicketClaims =
  /** o: the output, f: which file, s: the session, u: its user (a download's audit), e: expiry (Unix seconds). */
  | { k: 'media'; o: number; f: MediaFile; s: string; u: string; e: number }
  | { k: 'events'; s: string; e: number };

export const MEDIA_TICKET_SECONDS = 600;
export const EVENTS_TICKET_SECONDS = 60;
const FILES: readonly MediaFile[] = ['video', 'poster', 'pdf', 'download'];
const EXPIRED = 'finviewMediaExpired';

export const ticketKey = (fastify: FastifyInstance): Buffer => tickets.ticketKey(fastify, 'finview-tickets:1');

export function signTicket(key: Buffer, claims: TicketClaims): string {
  return claims.k === 'media'
    ? tickets.signTicket(key, 'm', [claims.o, FILES.indexOf(claims.f), claims.s, claims.u], claims.e)
    : tickets.signTicket(key, 'e', [claims.s], claims.e);
}

/** The claims of a well-signed ticket of that kind, unexpired: a forged one is 404 (no such link), an expired one 401 finviewMediaExpired. */
export function readTicket<K extends TicketClaims['k']>(key: Buffer, ticket: string, kind: K): Extract<TicketClaims, { k: K }> {
  if (kind === 'media') {
    const { fields, expires } = tickets.readTicket(key, ticket, 'm', 4, EXPIRED);
    const [o, f, s, u] = fields as [string, string, string, string];
    const file = FILES[Number(f)];
    if (!file) throw new HttpError(404, 'notFound');
    return { k: 'media', o: Number(o), f: file, s, u, e: expires } as Extract<TicketClaims, { k: K }>;
  }
  const { fields, expires } = tickets.readTicket(key, ticket, 'e', 1, EXPIRED);
  return { k: 'events', s: fields[0] as string, e: expires } as Extract<TicketClaims, { k: K }>;
}
