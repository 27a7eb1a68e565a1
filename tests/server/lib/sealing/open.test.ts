import { constants, createCipheriv, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeStrictBase64,
  createKeyDecryptor,
  decryptAesKey,
  decryptEntity,
  deriveAesKey,
  generateServerKeyPair,
  keysEqual,
  loadPrivateKey,
  publicKeyPemOf,
  sealWithNode,
} from '../../../../server/src/lib/sealing/open';
import { parseEntity } from '../../../../common/protocol/entity';
import type { SealedHeaders } from '../../../../common/protocol/types';
import { protocolVectors, sealInputOf } from '../../../fixtures/protocol-vectors';

const decrypt = await createKeyDecryptor(loadPrivateKey(protocolVectors.test_private_key_pem));
const [vector] = protocolVectors.vectors;
if (!vector) throw new Error('no protocol vectors');

function bearer(headers: SealedHeaders): string {
  return headers.Authorization.replace(/^Bearer /, '');
}

function rsaEncrypt(bytes: Buffer): string {
  return publicEncrypt(
    { key: protocolVectors.test_public_key_pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    bytes,
  ).toString('base64');
}

describe('sealWithNode', () => {
  it.each(protocolVectors.vectors.map((v) => [v.inputs.username, v] as const))('reproduces vector %s', async (_name, v) => {
    const headers = sealWithNode(sealInputOf(v));
    expect(headers.Authorization).toBe(v.headers.authorization);
    expect(headers['key-padding']).toBe(v.headers['key-padding']);
    expect(headers['unique-req-id']).toBe(v.headers['unique-req-id']);
    expect((await decryptAesKey(decrypt, headers['encrypted-key']))?.toString('hex')).toBe(v.aes_key_hex);
  });
});

describe('opening a sealed request', () => {
  it('round-trips a freshly sealed request through every step', async () => {
    const { salt: _salt, ts: _ts, ...input } = sealInputOf(vector);
    const headers = sealWithNode(input);
    const aesKey = await decryptAesKey(decrypt, headers['encrypted-key']);
    if (!aesKey) throw new Error('encrypted-key did not decrypt');

    const entity = parseEntity(decryptEntity(aesKey, input.username, bearer(headers)) ?? '');
    expect(entity).toMatchObject({ username: input.username, access_token: input.accessToken, kid: '00000001' });

    const salt = decodeStrictBase64(headers['key-padding']);
    if (!salt) throw new Error('key-padding is not base64');
    expect(keysEqual(await deriveAesKey(input.rcKey, salt), aesKey)).toBe(true);
    expect(keysEqual(await deriveAesKey('00000002.AA', salt), aesKey)).toBe(false);
  });

  it("derives the vector's AES key", async () => {
    const salt = Buffer.from(vector.inputs.salt_hex, 'hex');
    expect((await deriveAesKey(vector.inputs.rc_key, salt)).toString('hex')).toBe(vector.aes_key_hex);
  });

  it("decrypts the vector's entity", () => {
    const aesKey = Buffer.from(vector.aes_key_hex, 'hex');
    const authorization = vector.headers.authorization.replace(/^Bearer /, '');
    expect(decryptEntity(aesKey, vector.inputs.username, authorization)).toBe(vector.entity_json);
  });

  it('works with a generated 3072-bit key pair', async () => {
    const pair = await generateServerKeyPair();
    const generated = loadPrivateKey(pair.privateKeyPem);
    expect(generated.asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect(pair.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(publicKeyPemOf(generated)).toBe(pair.publicKeyPem);

    const headers = sealWithNode({ ...sealInputOf(vector), publicKeyPem: pair.publicKeyPem });
    expect((await decryptAesKey(await createKeyDecryptor(generated), headers['encrypted-key']))?.toString('hex')).toBe(vector.aes_key_hex);
    expect(await decryptAesKey(decrypt, headers['encrypted-key'])).toBeNull();
  });
});

describe('decryptEntity refuses', () => {
  const aesKey = Buffer.from(vector.aes_key_hex, 'hex');
  const ciphertext = Buffer.from(vector.headers.authorization.replace(/^Bearer /, ''), 'base64');

  it('a tampered ciphertext that breaks the padding', () => {
    const tampered = Buffer.from(ciphertext);
    // Flipping the penultimate block's last byte flips the final padding byte.
    const index = tampered.length - 17;
    tampered[index] = (tampered[index] ?? 0) ^ 0xff;
    expect(decryptEntity(aesKey, vector.inputs.username, tampered.toString('base64'))).toBeNull();
  });

  it('a truncated ciphertext', () => {
    expect(decryptEntity(aesKey, vector.inputs.username, ciphertext.subarray(0, 40).toString('base64'))).toBeNull();
  });

  it('a wrong key', () => {
    const wrong = Buffer.from(aesKey).fill(0x42, 0, 1);
    expect(decryptEntity(wrong, vector.inputs.username, ciphertext.toString('base64'))).toBeNull();
  });

  it.each([15, 17, 32])('a %i-byte key', (length) => {
    expect(decryptEntity(randomBytes(length), vector.inputs.username, ciphertext.toString('base64'))).toBeNull();
  });

  it('a username that cannot form an IV', () => {
    expect(decryptEntity(aesKey, 'a-username-too-long', ciphertext.toString('base64'))).toBeNull();
  });

  it('plaintext that is not UTF-8', () => {
    const cipher = createCipheriv('aes-128-cbc', aesKey, Buffer.from('analyst010000000', 'latin1'));
    const latin1 = Buffer.concat([cipher.update(Buffer.from('{"username":"caf\xe9"}', 'latin1')), cipher.final()]);
    expect(decryptEntity(aesKey, 'analyst01', latin1.toString('base64'))).toBeNull();
  });
});

describe('decryptAesKey refuses', () => {
  it.each([0, 15, 17, 32])('a %i-byte payload', async (length) => {
    expect(await decryptAesKey(decrypt, rsaEncrypt(randomBytes(length)))).toBeNull();
  });

  it('a tampered encrypted-key', async () => {
    const tampered = Buffer.from(vector.headers['encrypted-key'], 'base64');
    tampered[10] = (tampered[10] ?? 0) ^ 0x01;
    expect(await decryptAesKey(decrypt, tampered.toString('base64'))).toBeNull();
  });

  it('a key that is not base64', async () => {
    expect(await decryptAesKey(decrypt, 'not base64!')).toBeNull();
  });
});

describe('decodeStrictBase64', () => {
  it('decodes standard padded base64', () => {
    expect(decodeStrictBase64('AAECAwQFBgcICQoLDA0ODw==')?.toString('hex')).toBe('000102030405060708090a0b0c0d0e0f');
    expect(decodeStrictBase64('+/+/')?.toString('hex')).toBe('fbffbf');
  });

  it.each([
    ['base64url', '-_-_'],
    ['unpadded', 'AAECAwQFBgcICQoLDA0ODw'],
    ['over-padded', 'AAECAwQF=='],
    ['non-zero trailing bits', 'AB=='],
    ['whitespace', 'AAEC AwQF'],
    ['a newline', 'AAEC\nAwQF'],
    ['garbage', 'not base64!'],
    ['empty', ''],
  ])('rejects %s', (_label, s) => {
    expect(decodeStrictBase64(s)).toBeNull();
  });
});

describe('keysEqual', () => {
  it('compares contents and lengths', () => {
    expect(keysEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(keysEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
    expect(keysEqual(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
  });
});

describe('loadPrivateKey and generateServerKeyPair', () => {
  function pkcs8(type: 'rsa' | 'ec'): string {
    const privateKeyEncoding = { type: 'pkcs8', format: 'pem' } as const;
    const publicKeyEncoding = { type: 'spki', format: 'pem' } as const;
    return type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding, publicKeyEncoding }).privateKey
      : generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding, publicKeyEncoding }).privateKey;
  }

  it('refuse keys under 2048 bits', async () => {
    await expect(generateServerKeyPair(1024)).rejects.toThrow(RangeError);
    expect(() => loadPrivateKey(pkcs8('rsa'))).toThrow('2048');
  });

  it('refuse a key that is not RSA', () => {
    expect(() => loadPrivateKey(pkcs8('ec'))).toThrow('RSA');
  });
});
