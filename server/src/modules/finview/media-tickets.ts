import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';

// Tickets for the two GETs a browser makes without sealing them (a <video>'s src, an
// EventSource): what they may read, for which session, until when, signed with an HMAC key
// derived from the server's secret (every instance derives the same one). A ticket works only
// while its session lives, so signing out ends its links.

export type MediaFile = 'video' | 'poster' | 'pdf' | 'download';

export type TicketClaims =
  /** o: the output, f: which file, s: the session, u: its user (a download's audit), e: expiry (Unix seconds). */
  | { k: 'media'; o: number; f: MediaFile; s: string; u: string; e: number }
  | { k: 'events'; s: string; e: number };

export const MEDIA_TICKET_SECONDS = 600;
export const EVENTS_TICKET_SECONDS = 60;
const MAC_BYTES = 16;
const FILES: readonly MediaFile[] = ['video', 'poster', 'pdf', 'download'];

export function ticketKey(fastify: FastifyInstance): Buffer {
  // A key of its own, derived from one the secrets plugin derived from SECRET_KEY.
  return createHmac('sha256', fastify.secrets.codeKey).update('finview-tickets:1').digest();
}

const macOf = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

// Compact (a path segment; Fastify's route parameters stop at 100 characters): numbers and a
// letter joined by dots, then a truncated HMAC-SHA256.
export function signTicket(key: Buffer, claims: TicketClaims): string {
  const body = claims.k === 'media' ? ['m', claims.o, FILES.indexOf(claims.f), claims.s, claims.u, claims.e].join('.') : ['e', claims.s, claims.e].join('.');
  return `${body}.${macOf(key, body).toString('base64url')}`;
}

const NUMBER = /^\d{1,19}$/;

function parse(body: string): TicketClaims | null {
  const parts = body.split('.');
  if (!parts.every((part, index) => index === 0 || NUMBER.test(part))) return null;
  if (parts[0] === 'm' && parts.length === 6) {
    const file = FILES[Number(parts[2])];
    if (!file) return null;
    return { k: 'media', o: Number(parts[1]), f: file, s: parts[3] as string, u: parts[4] as string, e: Number(parts[5]) };
  }
  if (parts[0] === 'e' && parts.length === 3) return { k: 'events', s: parts[1] as string, e: Number(parts[2]) };
  return null;
}

/** The claims of a well-signed ticket of that kind, unexpired: a forged one is 404 (no such link), an expired one 401 finviewMediaExpired. */
export function readTicket<K extends TicketClaims['k']>(key: Buffer, ticket: string, kind: K): Extract<TicketClaims, { k: K }> {
  const cut = ticket.lastIndexOf('.');
  const body = ticket.slice(0, cut);
  const given = Buffer.from(ticket.slice(cut + 1), 'base64url');
  const expected = macOf(key, body);
  if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(404, 'notFound');
  const claims = parse(body);
  if (!claims || claims.k !== kind) throw new HttpError(404, 'notFound');
  if (claims.e * 1000 < Date.now()) throw new HttpError(401, 'finviewMediaExpired');
  return claims as Extract<TicketClaims, { k: K }>;
}

/** Whether the session is still signed in (not revoked, not expired, its user active). */
export async function sessionLive(q: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 'active'`,
    [sessionId],
  );
  return rows.length > 0;
}
