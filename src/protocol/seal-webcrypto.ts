import { AES_KEY_BYTES, PBKDF2_ITERATIONS } from '../../common/protocol/constants';
import { prepareSeal, sealedHeaders } from '../../common/protocol/entity';
import type { SealedHeaders, SealInput } from '../../common/protocol/types';

// A CryptoKey belongs to the SubtleCrypto that imported it; promises so parallel seals share one import.
const rsaKeys = new WeakMap<SubtleCrypto, Map<string, Promise<CryptoKey>>>();
const encoder = new TextEncoder();

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const match = /-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----/.exec(pem);
  if (!match?.[1]) throw new Error('not an SPKI public key PEM');
  return base64ToBytes(match[1].replace(/\s+/g, ''));
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function rsaKeyFor(subtle: SubtleCrypto, pem: string): Promise<CryptoKey> {
  let keys = rsaKeys.get(subtle);
  if (!keys) {
    keys = new Map();
    rsaKeys.set(subtle, keys);
  }
  const cached = keys.get(pem);
  if (cached) return cached;
  const imported = subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  keys.set(pem, imported);
  // A failed import must not poison the cache for a later, corrected key.
  imported.catch(() => keys.delete(pem));
  return imported;
}

export async function sealWithWebCrypto(
  input: SealInput,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<SealedHeaders> {
  const plan = prepareSeal(input);
  const rsaKey = rsaKeyFor(subtle, plan.publicKeyPem);
  const password = await subtle.importKey('raw', encoder.encode(plan.rcKey), 'PBKDF2', false, ['deriveBits']);
  const aesKeyBytes = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: plan.salt, iterations: PBKDF2_ITERATIONS },
    password,
    AES_KEY_BYTES * 8,
  );
  const aesKey = await subtle.importKey('raw', aesKeyBytes, 'AES-CBC', false, ['encrypt']);
  const [ciphertext, encryptedKey] = await Promise.all([
    // Web Crypto's AES-CBC always applies PKCS#7 padding, as the protocol requires.
    subtle.encrypt({ name: 'AES-CBC', iv: encoder.encode(plan.iv) }, aesKey, encoder.encode(plan.entityJson)),
    rsaKey.then((key) => subtle.encrypt({ name: 'RSA-OAEP' }, key, aesKeyBytes)),
  ]);
  return sealedHeaders(plan, {
    ciphertext: bytesToBase64(new Uint8Array(ciphertext)),
    encryptedKey: bytesToBase64(new Uint8Array(encryptedKey)),
    salt: bytesToBase64(plan.salt),
  });
}
