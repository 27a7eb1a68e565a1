import { describe, expect, it } from 'vitest';
import { createSealer, sealerKind, type SealerEnv } from '../../../src/protocol/sealer';
import { protocolVectors, sealInputOf } from '../../fixtures/protocol-vectors';

const subtle = globalThis.crypto.subtle;
class FakeWorker {}

describe('sealerKind', () => {
  it.each<[string, SealerEnv, ReturnType<typeof sealerKind>]>([
    ['a secure context with Web Crypto', { isSecureContext: true, crypto: { subtle }, Worker: FakeWorker }, 'webcrypto'],
    ['an insecure context with workers', { isSecureContext: false, crypto: { subtle }, Worker: FakeWorker }, 'forge-worker'],
    ['a secure context without crypto.subtle', { isSecureContext: true, crypto: {}, Worker: FakeWorker }, 'forge-worker'],
    ['an insecure context without workers', { isSecureContext: false, crypto: { subtle } }, 'unavailable'],
    ['a Worker that is not a constructor', { Worker: {} }, 'unavailable'],
    ['an empty scope', {}, 'unavailable'],
  ])('picks for %s', (_label, env, kind) => {
    expect(sealerKind(env)).toBe(kind);
  });
});

describe('createSealer', () => {
  const [vector] = protocolVectors.vectors;
  if (!vector) throw new Error('no protocol vectors');

  it('builds a Web Crypto sealer that reproduces the vector', async () => {
    const sealer = createSealer({ isSecureContext: true, crypto: { subtle } });
    expect(sealer.kind).toBe('webcrypto');
    const headers = await sealer.seal(sealInputOf(vector));
    expect(headers.Authorization).toBe(vector.headers.authorization);
  });

  it('seals nowhere on the main thread: without Web Crypto or workers it says so', () => {
    expect(() => createSealer({ isSecureContext: false, crypto: { subtle } })).toThrow(/neither with Web Crypto in a secure context nor in a Web Worker/);
  });

  it('builds the worker sealer lazily, without starting a worker', () => {
    expect(createSealer({ Worker: FakeWorker }).kind).toBe('forge-worker');
  });
});
