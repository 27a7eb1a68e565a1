import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

// Everything the server keeps secret from a reader of its database is keyed from one
// secret (SECRET_KEY): each use gets its own key by HKDF, so no two uses share one.

export type SecretUse = 'one-time-codes' | 'server-key-wrap' | 'aadhaar-vault' | 'aadhaar-search';

export function deriveKey(secret: string, use: SecretUse): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `backoffice ${use}`, 32));
}

/** HMAC-SHA256, hex. */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function hexEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

// `aes256gcm$iv$tag$ciphertext`, base64: a PEM starts with "-----", so both fit one column.
const WRAPPED = /^aes256gcm\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export function isWrapped(stored: string): boolean {
  return WRAPPED.test(stored);
}

export interface Sealed {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/** AES-256-GCM with a fresh 12-byte iv; `aad` is bound, so the sealed value cannot be moved to another use. */
export function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

/** The plaintext, or null when the key or the aad is not the one it was sealed with, or it was altered. */
export function unseal(key: Buffer, sealed: Sealed, aad: Buffer): Buffer | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  } catch {
    return null;
  }
}

/** AES-256-GCM as one string; `context` is bound as associated data, so a wrapped value cannot be moved to another use. */
export function wrap(key: Buffer, plaintext: string, context: string): string {
  const { iv, tag, ciphertext } = seal(key, Buffer.from(plaintext, 'utf8'), Buffer.from(context, 'utf8'));
  return ['aes256gcm', iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join('$');
}

/** The plaintext, or null when the key (or the context) is not the one it was wrapped with, or the value was altered. */
export function unwrap(key: Buffer, wrapped: string, context: string): string | null {
  const match = WRAPPED.exec(wrapped);
  if (!match) return null;
  const [, iv = '', tag = '', ciphertext = ''] = match;
  const sealed = { iv: Buffer.from(iv, 'base64'), tag: Buffer.from(tag, 'base64'), ciphertext: Buffer.from(ciphertext, 'base64') };
  return unseal(key, sealed, Buffer.from(context, 'utf8'))?.toString('utf8') ?? null;
}
