import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Envelope encryption: each file has its own random AES-256 key, stored wrapped by a key
// derived from the master key (KYC_MASTER_KEY). Each chunk is sealed on its own with
// AES-256-GCM, its position bound as associated data, so a range decrypts without the rest of
// the file and chunks cannot be reordered, moved between files, or the file cut short.

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** The 32 bytes of KYC_MASTER_KEY (64 hex digits, or base64/base64url). */
export function parseMasterKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`a master key must be ${KEY_BYTES} bytes, got ${key.length}`);
  return key;
}

/** The key that wraps file keys: derived, so the master key could serve other uses later without sharing one. */
export function fileKeyWrapKey(masterKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'backoffice blob-file-key-wrap', KEY_BYTES));
}

function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]);
}

/** The plaintext, or null when the key or the associated data is not the one it was sealed with, or the bytes were altered. */
function open(key: Buffer, sealed: Buffer, aad: string): Buffer | null {
  if (sealed.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

export function newFileKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

export const wrapFileKey = (wrapKey: Buffer, fileKey: Buffer, blobId: string) => seal(wrapKey, fileKey, `blob-key:${blobId}`);
export const unwrapFileKey = (wrapKey: Buffer, wrapped: Buffer, blobId: string) => open(wrapKey, wrapped, `blob-key:${blobId}`);

// The last chunk says so: dropping trailing chunks (and the count in the meta) fails to open.
const chunkAad = (blobId: string, seq: number, last: boolean) => `blob-chunk:${blobId}:${seq}:${last ? 'last' : 'more'}`;

export const sealChunk = (fileKey: Buffer, blobId: string, seq: number, last: boolean, plaintext: Buffer) =>
  seal(fileKey, plaintext, chunkAad(blobId, seq, last));
export const openChunk = (fileKey: Buffer, blobId: string, seq: number, last: boolean, sealed: Buffer) =>
  open(fileKey, sealed, chunkAad(blobId, seq, last));
