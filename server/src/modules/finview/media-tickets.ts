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
  /** o: the output, f: which file, s: the session, u/n: its user (a download's audit), e: expiry (Unix seconds). */
  | { k: 'media'; o: number; f: MediaFile; s: string; u: string; n: string; e: number }
  | { k: 'events'; s: string; e: number };

export const MEDIA_TICKET_SECONDS = 600;
export const EVENTS_TICKET_SECONDS = 60;

export function ticketKey(fastify: FastifyInstance): Buffer {
  // A key of its own, derived from one the secrets plugin derived from SECRET_KEY.
  return createHmac('sha256', fastify.secrets.codeKey).update('finview-tickets:1').digest();
}

export function signTicket(key: Buffer, claims: TicketClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The claims of a well-signed ticket of that kind, unexpired; else 401 finviewMediaExpired. */
export function readTicket<K extends TicketClaims['k']>(key: Buffer, ticket: string, kind: K): Extract<TicketClaims, { k: K }> {
  const [body = '', mac = ''] = ticket.split('.');
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(401, 'finviewMediaExpired');
  let claims: TicketClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketClaims;
  } catch {
    throw new HttpError(401, 'finviewMediaExpired');
  }
  if (claims.k !== kind || typeof claims.e !== 'number' || claims.e * 1000 < Date.now()) throw new HttpError(401, 'finviewMediaExpired');
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
