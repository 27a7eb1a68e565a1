import type Forge from 'node-forge';
import { AES_KEY_BYTES, PBKDF2_ITERATIONS } from '../../common/protocol/constants';
import { prepareSeal, sealedHeaders } from '../../common/protocol/entity';
import { publicKeyFromPem, sealingForge as forge } from './forge-subset';
import type { SealedHeaders, SealInput } from '../../common/protocol/types';

// Parsing a PEM in pure JS costs more than the RSA encryption itself; a session sees one or two keys.
const PUBLIC_KEY_CACHE_LIMIT = 4;
const publicKeys = new Map<string, Forge.pki.rsa.PublicKey>();

function publicKeyFor(pem: string): Forge.pki.rsa.PublicKey {
  const cached = publicKeys.get(pem);
  if (cached) return cached;
  const key = publicKeyFromPem(pem);
  if (publicKeys.size >= PUBLIC_KEY_CACHE_LIMIT) {
    const oldest = publicKeys.keys().next();
    if (!oldest.done) publicKeys.delete(oldest.value);
  }
  publicKeys.set(pem, key);
  return key;
}

function toBinaryString(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

export function sealWithForge(input: SealInput): SealedHeaders {
  const plan = prepareSeal(input);
  const publicKey = publicKeyFor(plan.publicKeyPem);
  const salt = toBinaryString(plan.salt);
  // A digest object (not the string 'sha256') also keeps forge off Node's native PBKDF2, so Node runs
  // the same code as the browser.
  const aesKey = forge.pkcs5.pbkdf2(
    forge.util.encodeUtf8(plan.rcKey),
    salt,
    PBKDF2_ITERATIONS,
    AES_KEY_BYTES,
    forge.md.sha256.create(),
  );

  const cipher = forge.cipher.createCipher('AES-CBC', aesKey);
  cipher.start({ iv: plan.iv });
  cipher.update(forge.util.createBuffer(forge.util.encodeUtf8(plan.entityJson)));
  if (!cipher.finish()) throw new Error('AES-CBC encryption failed');

  // forge defaults OAEP and MGF1 to SHA-1; the protocol uses SHA-256 for both.
  const encryptedKey = publicKey.encrypt(aesKey, 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });

  return sealedHeaders(plan, {
    ciphertext: forge.util.encode64(cipher.output.getBytes()),
    encryptedKey: forge.util.encode64(encryptedKey),
    salt: forge.util.encode64(salt),
  });
}
