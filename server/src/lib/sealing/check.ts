import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { KEY_GRACE_MS, SALT_BYTES, SEAL_HEADERS, TS_WINDOW_MS } from '../../../../common/protocol/constants.js';
import { formatKid, parseEntity, type Entity } from '../../../../common/protocol/entity.js';
import type { Role } from '../../../../common/resources/types.js';
import { decodeStrictBase64, decryptAesKey, decryptEntity, deriveAesKey, keysEqual, type KeyDecryptor } from './open.js';

// PROTOCOL.md "Checking a request", step by step. The pieces that need no database
// are exported on their own so a benchmark can time the bare cryptography.

/** Why a check failed; written to the log only, the client always sees one message. */
export type SealFailure =
  | 'headers'
  | 'user'
  | 'encrypted-key'
  | 'entity'
  | 'session'
  | 'timestamp'
  | 'kid'
  | 'cipher-key'
  | 'replay';

export interface SealParts {
  ciphertext: string;
  encryptedKey: string;
  salt: Buffer;
  userId: string;
}

const BEARER = /^Bearer ([A-Za-z0-9+/=]+)$/;
const USER_ID = /^[1-9][0-9]{0,17}$/;
const KID = /^[0-9a-f]{8}$/;
// Kids are stored as int4 (cipher_keys.kid, sessions.key_counter): a larger one can only
// be forged, and must fail here as any other bad entity does, not in SQL as a 500.
const KID_MAX = 0x7fffffff;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Step 1, the part without the database: all four headers present and well formed. */
export function readSealHeaders(headers: IncomingHttpHeaders): SealParts | null {
  const bearer = BEARER.exec(single(headers[SEAL_HEADERS.authorization]) ?? '');
  const encryptedKey = single(headers[SEAL_HEADERS.encryptedKey]);
  const salt = decodeStrictBase64(single(headers[SEAL_HEADERS.keyPadding]) ?? '');
  const userId = single(headers[SEAL_HEADERS.uniqueReqId]);
  if (!bearer?.[1] || !encryptedKey || salt?.length !== SALT_BYTES || !userId || !USER_ID.test(userId)) return null;
  return { ciphertext: bearer[1], encryptedKey, salt, userId };
}

/** Step 3, after `decryptAesKey` (step 2): the entity, which must name `username`. */
export function readEntity(aesKey: Buffer, parts: SealParts, username: string): Entity | null {
  const json = decryptEntity(aesKey, username, parts.ciphertext);
  const entity = json === null ? null : parseEntity(json);
  if (!entity || entity.username !== username || !KID.test(entity.kid)) return null;
  return Number.parseInt(entity.kid, 16) <= KID_MAX ? entity : null;
}

/** Step 5. */
export function timestampFresh(ts: number, now = Date.now()): boolean {
  return Math.abs(now - ts) <= TS_WINDOW_MS;
}

/** Step 7, constant time. */
export async function cipherKeyMatches(rcKey: string, salt: Buffer, aesKey: Buffer): Promise<boolean> {
  return keysEqual(await deriveAesKey(rcKey, salt), aesKey);
}

/**
 * Every check that needs no database, for a request sealed with `rcKey` by `username`
 * (headers with lowercase names, as Node receives them): the baseline a benchmark
 * compares the sealed routes with.
 */
export async function bareCryptoCheck(
  decrypt: KeyDecryptor,
  headers: IncomingHttpHeaders,
  username: string,
  rcKey: string,
): Promise<boolean> {
  const parts = readSealHeaders(headers);
  const aesKey = parts && (await decryptAesKey(decrypt, parts.encryptedKey));
  const entity = parts && aesKey && readEntity(aesKey, parts, username);
  if (!parts || !aesKey || !entity || !timestampFresh(entity.ts)) return false;
  return cipherKeyMatches(rcKey, parts.salt, aesKey);
}

export function hashToken(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest('hex');
}

export function newCipherSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SealUser {
  id: string;
  username: string;
  role: Role;
  name: string;
  email: string;
}

export interface SessionLookup {
  /** The user as it is now: `usernameOf` may have answered from a cache. */
  user: SealUser & { active: boolean };
  /** Null when the user has no live session with that token. */
  sessionId: string | null;
  /** Null when the session has no key with that kid (never issued, or pruned). */
  secret: string | null;
  /** The newest key of the session, or one issued within the grace period. */
  usable: boolean;
}

export interface AcceptRequest {
  userId: string;
  username: string;
  sessionId: string;
  kid: number;
  graceMs: number;
  salt: string;
  /** The secret of the key to issue. */
  secret: string;
}

/** An accepted request: the kid of the key issued for the answer, and the user as it is now. */
export interface Accepted {
  kid: number;
  user: SealUser;
}

/** What the check needs from the database; sessions-repository implements it. */
export interface SealStore {
  /** The username of an active user, for the IV; may come from a cache (usernames do not change). */
  usernameOf(userId: string): Promise<string | undefined>;
  /** The user, its live session with that token hash, and that session's key `kid`; undefined: no such user. */
  findSession(userId: string, tokenHash: string, kid: number, graceMs: number): Promise<SessionLookup | undefined>;
  /**
   * One statement (shared with the requests arriving alongside): checks again that the
   * user is active under that username, the session live and the key usable, records the
   * salt and issues the next key. Undefined when any of it fails, a replayed salt included.
   */
  acceptAndIssue(request: AcceptRequest): Promise<Accepted | undefined>;
}

export interface SealedSession extends SealUser {
  sessionId: string;
}

export type SealCheck =
  | { ok: true; session: SealedSession; rcKey: string }
  | { ok: false; reason: SealFailure };

/** Steps 1 (active, same username), 4, 5 and 6 on a lookup; null when they pass. */
function lookupFailure(found: SessionLookup | undefined, username: string, ts: number, now: number): SealFailure | null {
  if (!found?.user.active) return 'user';
  if (found.user.username !== username) return 'entity';
  if (!found.sessionId) return 'session';
  if (!timestampFresh(ts, now)) return 'timestamp';
  if (found.secret === null || !found.usable) return 'kid';
  return null;
}

// Secrets this instance issued or read, by token hash and kid: a key's secret never
// changes, so the next request with it needs no read. Bounded; the oldest go first.
const KNOWN_KEYS_LIMIT = 20_000;

export type SealChecker = (headers: IncomingHttpHeaders, now?: number) => Promise<SealCheck>;

/**
 * The whole check of PROTOCOL.md. With a key this instance knows, the usual case, it
 * costs one statement: steps 1 to 3 and 5 and 7 run here, then one write re-checks
 * that the user is active, the session live and the key usable (steps 1, 4, 6) as it
 * records the salt (8) and issues the next key. Without, one read first gives the
 * secret and checks steps 1, 4 to 6 in order. Either way every step is checked, and a
 * failure of the write is looked up again so the log names the step in order.
 */
export function createSealChecker(decrypt: KeyDecryptor, store: SealStore): SealChecker {
  const known = new Map<string, { sessionId: string; secret: string }>();
  const remember = (tokenHash: string, kid: number, value: { sessionId: string; secret: string }) => {
    if (known.size >= KNOWN_KEYS_LIMIT) known.delete(known.keys().next().value as string);
    known.set(`${tokenHash}:${kid}`, value);
  };

  return async function checkSealedRequest(headers, now = Date.now()) {
    const parts = readSealHeaders(headers);
    if (!parts) return { ok: false, reason: 'headers' };
    // The username lookup and the RSA decryption run at once; decryptAesKey never
    // rejects, so the lookup's failure is the only one Promise.all can report.
    const [username, aesKey] = await Promise.all([
      store.usernameOf(parts.userId),
      decryptAesKey(decrypt, parts.encryptedKey),
    ]);
    if (!username) return { ok: false, reason: 'user' };
    if (!aesKey) return { ok: false, reason: 'encrypted-key' };

    const entity = readEntity(aesKey, parts, username);
    if (!entity) return { ok: false, reason: 'entity' };

    const kid = Number.parseInt(entity.kid, 16);
    const tokenHash = hashToken(entity.access_token);
    const lookup = () => store.findSession(parts.userId, tokenHash, kid, KEY_GRACE_MS);
    let key = known.get(`${tokenHash}:${kid}`);
    if (!key) {
      const found = await lookup();
      const failure = lookupFailure(found, username, entity.ts, now);
      if (failure || !found?.sessionId || found.secret === null) return { ok: false, reason: failure ?? 'session' };
      key = { sessionId: found.sessionId, secret: found.secret };
      remember(tokenHash, kid, key);
    } else if (!timestampFresh(entity.ts, now)) {
      return { ok: false, reason: 'timestamp' };
    }
    if (!(await cipherKeyMatches(`${entity.kid}.${key.secret}`, parts.salt, aesKey))) {
      return { ok: false, reason: 'cipher-key' };
    }

    const secret = newCipherSecret();
    const accepted = await store.acceptAndIssue({
      userId: parts.userId,
      username,
      sessionId: key.sessionId,
      kid,
      graceMs: KEY_GRACE_MS,
      salt: parts.salt.toString('base64'),
      secret,
    });
    if (!accepted) return { ok: false, reason: lookupFailure(await lookup(), username, entity.ts, now) ?? 'replay' };
    remember(tokenHash, accepted.kid, { sessionId: key.sessionId, secret });
    return {
      ok: true,
      session: { ...accepted.user, sessionId: key.sessionId },
      rcKey: `${formatKid(accepted.kid)}.${secret}`,
    };
  };
}
