import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { ServerMessageCode } from '../../../common/messages.js';

// Tickets for the GETs a browser makes without sealing them (a <video>'s or an <iframe>'s src,
// an EventSource): what they may read, for which session, until when, signed with an HMAC key
// derived from the server's secret (every instance derives the same one). A ticket works only
// while its session lives, so signing out ends its links. Each module names its own key and
// its own kinds of ticket (a letter): finview's media-tickets.ts, announcements' tickets.ts.

const MAC_BYTES = 16;
const NUMBER = /^\d{1,19}$/;

/** A key of its own per purpose, derived from one the secrets plugin derived from SECRET_KEY. */
export function ticketKey(fastify: FastifyInstance, purpose: string): Buffer {
  return createHmac('sha256', fastify.secrets.codeKey).update(purpose).digest();
}

const macOf = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

/**
 * Compact (a path segment; Fastify's route parameters stop at 100 characters): the kind's
 * letter, then numbers joined by dots, the expiry (Unix seconds) last, then a truncated HMAC-SHA256.
 */
export function signTicket(key: Buffer, kind: string, fields: ReadonlyArray<number | string>, expires: number): string {
  const body = [kind, ...fields, expires].join('.');
  return `${body}.${macOf(key, body).toString('base64url')}`;
}

/**
 * The fields of a well-signed ticket of that kind with that many fields, unexpired: a forged
 * one, or one of another kind, is 404 `notFound` (no such link), an expired one 401 `expiredCode`.
 */
export function readTicket(key: Buffer, ticket: string, kind: string, fieldCount: number, expiredCode: ServerMessageCode): { fields: string[]; expires: number } {
  const cut = ticket.lastIndexOf('.');
  const body = ticket.slice(0, cut);
  const given = Buffer.from(ticket.slice(cut + 1), 'base64url');
  const expected = macOf(key, body);
  if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(404, 'notFound');
  const [letter, ...rest] = body.split('.');
  if (letter !== kind || rest.length !== fieldCount + 1 || !rest.every((part) => NUMBER.test(part))) throw new HttpError(404, 'notFound');
  const expires = Number(rest.at(-1));
  if (expires * 1000 < Date.now()) throw new HttpError(401, expiredCode);
  return { fields: rest.slice(0, fieldCount), expires };
}

/** Unix seconds `seconds` from now: a ticket's expiry. */
export const expiresIn = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** Whether the session is still signed in (not revoked, not expired, its user active). */
export async function sessionLive(q: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 'active'`,
    [sessionId],
  );
  return rows.length > 0;
}
