import crypto from 'node:crypto';
import forge from 'node-forge';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyDecryptor, decryptAesKey, loadPrivateKey } from '../../../server/src/lib/sealing/open';
import { buildEntityJson, ivFor, parseRcKey } from '../../../common/protocol/entity';
import { sealWithForge } from '../../../src/protocol/seal-forge';
import { sealWithWebCrypto } from '../../../src/protocol/seal-webcrypto';
import type { SealedHeaders } from '../../../common/protocol/types';
import { protocolVectors, sealInputOf, type ProtocolVector } from '../../fixtures/protocol-vectors';

// @types/node-forge does not declare forge.options.
const forgeOptions = (forge as unknown as { options: { usePureJavaScript: boolean } }).options;

function rsaDecryptHex(encryptedKeyB64: string): string {
  return crypto
    .privateDecrypt(
      { key: protocolVectors.test_private_key_pem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encryptedKeyB64, 'base64'),
    )
    .toString('hex');
}

function expectVectorHeaders(headers: SealedHeaders, vector: ProtocolVector): void {
  expect(headers.Authorization).toBe(vector.headers.authorization);
  expect(headers['key-padding']).toBe(vector.headers['key-padding']);
  expect(headers['unique-req-id']).toBe(vector.headers['unique-req-id']);
  // RSA-OAEP is randomised: only the decrypt direction is comparable.
  expect(rsaDecryptHex(headers['encrypted-key'])).toBe(vector.aes_key_hex);
}

beforeAll(() => {
  // What a browser gets: under Node, forge would otherwise reach for node:crypto where it can.
  forgeOptions.usePureJavaScript = true;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(protocolVectors.vectors.map((vector) => [vector.inputs.username, vector] as const))(
  'vector %s',
  (_name, vector) => {
    it('builds the entity JSON and IV', () => {
      const kid = parseRcKey(vector.inputs.rc_key)?.kid;
      expect(kid).toBeDefined();
      const entity = buildEntityJson({
        username: vector.inputs.username,
        accessToken: vector.inputs.access_token,
        kid: kid ?? '',
        ts: vector.inputs.ts,
      });
      expect(entity).toBe(vector.entity_json);
      expect(Buffer.from(ivFor(vector.inputs.username), 'latin1').toString('hex')).toBe(vector.iv_hex);
    });

    it('seals identically with pure-JavaScript forge', () => {
      const nativePbkdf2 = vi.spyOn(crypto, 'pbkdf2Sync');
      const hmac = vi.spyOn(forge.hmac, 'create');
      expectVectorHeaders(sealWithForge(sealInputOf(vector)), vector);
      expect(nativePbkdf2).not.toHaveBeenCalled();
      // forge's JavaScript PBKDF2 is built on its own HMAC; the native branch never creates one.
      expect(hmac).toHaveBeenCalled();
    });

    it('seals identically with Web Crypto', async () => {
      expectVectorHeaders(await sealWithWebCrypto(sealInputOf(vector)), vector);
    });

    it("decrypts the vector's own encrypted-key", async () => {
      const decrypt = await createKeyDecryptor(loadPrivateKey(protocolVectors.test_private_key_pem));
      expect((await decryptAesKey(decrypt, vector.headers['encrypted-key']))?.toString('hex')).toBe(vector.aes_key_hex);
    });
  },
);

describe('the pure-JavaScript check', () => {
  it('would see forge take the native PBKDF2 branch', () => {
    const nativePbkdf2 = vi.spyOn(crypto, 'pbkdf2Sync');
    forgeOptions.usePureJavaScript = false;
    try {
      forge.pkcs5.pbkdf2('password', 'salt', 1, 16, 'sha256');
    } finally {
      forgeOptions.usePureJavaScript = true;
    }
    expect(nativePbkdf2).toHaveBeenCalled();
  });
});
