import { SALT_BYTES, USERNAME_PATTERN } from './constants';
import type { SealedHeaders, SealInput } from './types';

export interface EntityFields {
  username: string;
  accessToken: string;
  kid: string;
  ts: number;
}

export interface Entity {
  username: string;
  access_token: string;
  kid: string;
  ts: number;
}

export interface RcKeyParts {
  kid: string;
  kidNumber: number;
  secret: string;
}

/** What every sealer encrypts, whichever crypto library it uses. */
export interface SealPlan {
  rcKey: string;
  salt: Uint8Array<ArrayBuffer>;
  iv: string;
  entityJson: string;
  userId: string;
  publicKeyPem: string;
}

const RC_KEY_PATTERN = /^([0-9a-f]{8})\.([A-Za-z0-9_-]+)$/;
const ENTITY_KEYS = ['username', 'access_token', 'kid', 'ts'] as const;

export function buildEntityJson({ username, accessToken, kid, ts }: EntityFields): string {
  // Literal order matters: the vectors pin the exact bytes.
  return JSON.stringify({ username, access_token: accessToken, kid, ts });
}

export function ivFor(username: string): string {
  // Any other username would give an IV of the wrong length, or non-ASCII bytes.
  if (!USERNAME_PATTERN.test(username)) throw new RangeError('username does not match USERNAME_PATTERN');
  return username.padEnd(16, '0');
}

export function parseRcKey(rcKey: string): RcKeyParts | null {
  const match = RC_KEY_PATTERN.exec(rcKey);
  if (!match) return null;
  const [, kid = '', secret = ''] = match;
  // A single trailing character carries only 6 bits: no base64url encoder emits that.
  if (secret.length % 4 === 1) return null;
  return { kid, kidNumber: Number.parseInt(kid, 16), secret };
}

export function formatKid(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`kid out of range: ${n}`);
  return n.toString(16).padStart(8, '0');
}

function ranked(rcKey: string | null | undefined): { rcKey: string; kidNumber: number } | null {
  if (rcKey == null) return null;
  const parsed = parseRcKey(rcKey);
  return parsed ? { rcKey, kidNumber: parsed.kidNumber } : null;
}

/** Answers to parallel requests arrive out of order, so the highest kid wins, not the latest. Ties keep `a`. */
export function newestRcKey(a: string | null | undefined, b: string | null | undefined): string | null {
  const first = ranked(a);
  const second = ranked(b);
  if (!second) return first?.rcKey ?? null;
  return first && first.kidNumber >= second.kidNumber ? first.rcKey : second.rcKey;
}

export function parseEntity(json: string): Entity | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== ENTITY_KEYS.length || !ENTITY_KEYS.every((key) => keys.includes(key))) return null;
  const { username, access_token, kid, ts } = value as Record<(typeof ENTITY_KEYS)[number], unknown>;
  if (typeof username !== 'string' || typeof access_token !== 'string' || typeof kid !== 'string') return null;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) return null;
  return { username, access_token, kid, ts };
}

/** Validates the input and fills its defaults once, so the three sealers differ only in their crypto calls. */
export function prepareSeal(input: SealInput): SealPlan {
  const rcKey = parseRcKey(input.rcKey);
  if (!rcKey) throw new Error('malformed rc-key');
  const ts = input.ts ?? Date.now();
  if (!Number.isSafeInteger(ts)) throw new RangeError('ts must be an integer epoch in ms');
  // Copied so a caller reusing its array cannot change the salt mid-seal; Web Crypto's getRandomValues
  // exists in browsers, workers and Node alike.
  const salt = input.salt ? new Uint8Array(input.salt) : globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  if (salt.length !== SALT_BYTES) throw new RangeError(`salt must be ${SALT_BYTES} bytes`);
  return {
    rcKey: input.rcKey,
    salt,
    iv: ivFor(input.username),
    entityJson: buildEntityJson({ username: input.username, accessToken: input.accessToken, kid: rcKey.kid, ts }),
    userId: input.userId,
    publicKeyPem: input.publicKeyPem,
  };
}

export function sealedHeaders(
  plan: SealPlan,
  base64: { ciphertext: string; encryptedKey: string; salt: string },
): SealedHeaders {
  return {
    Authorization: `Bearer ${base64.ciphertext}`,
    'encrypted-key': base64.encryptedKey,
    'key-padding': base64.salt,
    'unique-req-id': plan.userId,
  };
}
