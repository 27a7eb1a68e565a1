import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

// Salted with the user id so equal codes of two users do not share a hash; a six-digit
// code cannot resist offline guessing anyway; expiry and the try limit protect it.
export function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

export function codeMatches(userId: string, code: string, storedHash: string): boolean {
  const actual = Buffer.from(hashCode(userId, code), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
