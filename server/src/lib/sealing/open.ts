import { isUtf8 } from 'node:buffer';
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  pbkdf2,
  pbkdf2Sync,
  publicEncrypt,
  timingSafeEqual,
  webcrypto,
} from 'node:crypto';
import { promisify } from 'node:util';
import { AES_KEY_BYTES, PBKDF2_ITERATIONS } from '../../../../common/protocol/constants';
import { ivFor, prepareSeal, sealedHeaders } from '../../../../common/protocol/entity';
import type { SealedHeaders, SealInput } from '../../../../common/protocol/types';

const MIN_RSA_BITS = 2048;
const generateKeyPairAsync = promisify(generateKeyPair);
const pbkdf2Async = promisify(pbkdf2);

export function loadPrivateKey(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_RSA_BITS) {
    throw new Error(`the server key must be RSA of at least ${MIN_RSA_BITS} bits`);
  }
  return key;
}

export function publicKeyPemOf(privateKey: KeyObject): string {
  return createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
}

export async function generateServerKeyPair(bits = 3072): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  if (bits < MIN_RSA_BITS) throw new RangeError(`RSA keys need at least ${MIN_RSA_BITS} bits`);
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

export function decodeStrictBase64(s: string): Buffer | null {
  if (s.length === 0) return null;
  const bytes = Buffer.from(s, 'base64');
  // Node's decoder skips junk and accepts base64url and missing padding; only the canonical
  // encoding of what it decoded is the standard, padded form.
  return bytes.toString('base64') === s ? bytes : null;
}

/** RSA-OAEP (SHA-256) decryption of an `encrypted-key`; null for anything that does not decrypt. */
export type KeyDecryptor = (encrypted: Buffer) => Promise<Buffer | null>;

// libuv's thread pool size, which also runs PBKDF2: one key handle per pool thread.
const POOL_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * Decrypts on libuv's thread pool (Web Crypto jobs are asynchronous in Node), so the
 * 1.5 ms an RSA-3072 decryption takes does not hold the event loop. OpenSSL 3.0 lets
 * one key decrypt on one thread at a time (measured here: 660/s on one handle at any
 * concurrency, 1 260/s on four), so each pool thread gets a handle of its own.
 */
export async function createKeyDecryptor(privateKey: KeyObject, handles = POOL_THREADS): Promise<KeyDecryptor> {
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  const keys = await Promise.all(
    Array.from({ length: handles }, () =>
      webcrypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']),
    ),
  );
  let next = 0;
  return async (encrypted) => {
    const key = keys[next] as webcrypto.CryptoKey;
    next = (next + 1) % keys.length;
    try {
      return Buffer.from(await webcrypto.subtle.decrypt({ name: 'RSA-OAEP' }, key, encrypted));
    } catch {
      return null;
    }
  };
}

/** Step 2: the AES key an `encrypted-key` header carries, or null. */
export async function decryptAesKey(decrypt: KeyDecryptor, encryptedKeyB64: string): Promise<Buffer | null> {
  const encrypted = decodeStrictBase64(encryptedKeyB64);
  const aesKey = encrypted && (await decrypt(encrypted));
  return aesKey?.length === AES_KEY_BYTES ? aesKey : null;
}

export function decryptEntity(aesKey: Buffer, username: string, authorizationB64: string): string | null {
  const ciphertext = decodeStrictBase64(authorizationB64);
  if (!ciphertext || aesKey.length !== AES_KEY_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-128-cbc', aesKey, Buffer.from(ivFor(username), 'latin1'));
    const entity = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    return isUtf8(entity) ? entity.toString('utf8') : null;
  } catch {
    // Bad padding, a ciphertext not a whole number of blocks, or a username that cannot form an IV.
    return null;
  }
}

export function deriveAesKey(rcKey: string, salt: Buffer): Promise<Buffer> {
  return pbkdf2Async(Buffer.from(rcKey, 'utf8'), salt, PBKDF2_ITERATIONS, AES_KEY_BYTES, 'sha256');
}

export function keysEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The client's protocol with node:crypto, for server tests and benchmarks. */
export function sealWithNode(input: SealInput): SealedHeaders {
  const plan = prepareSeal(input);
  const aesKey = pbkdf2Sync(Buffer.from(plan.rcKey, 'utf8'), plan.salt, PBKDF2_ITERATIONS, AES_KEY_BYTES, 'sha256');
  const cipher = createCipheriv('aes-128-cbc', aesKey, Buffer.from(plan.iv, 'latin1'));
  const ciphertext = Buffer.concat([cipher.update(plan.entityJson, 'utf8'), cipher.final()]);
  const encryptedKey = publicEncrypt(
    { key: plan.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return sealedHeaders(plan, {
    ciphertext: ciphertext.toString('base64'),
    encryptedKey: encryptedKey.toString('base64'),
    salt: Buffer.from(plan.salt).toString('base64'),
  });
}
