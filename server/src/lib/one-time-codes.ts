import { randomInt } from 'node:crypto';
import { hexEqual, keyedHash } from './secret-box.js';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

// A six-digit code falls to offline guessing in a moment under a plain hash; keyed with
// the server's secret (HMAC-SHA256), a copy of the database alone cannot test one. The
// user id and purpose keep equal codes of two users or two uses apart.
export function hashCode(key: Buffer, purpose: string, userId: string, code: string): string {
  return keyedHash(key, `${purpose}:${userId}:${code}`);
}

export function codeMatches(key: Buffer, purpose: string, userId: string, code: string, storedHash: string): boolean {
  return hexEqual(hashCode(key, purpose, userId, code), storedHash);
}
