import { sealWithWebCrypto } from './seal-webcrypto';
import type { Sealer } from './types';
import { createWorkerSealer } from './worker-sealer';

/** The parts of a global scope that decide how to seal; tests pass fakes. */
export interface SealerEnv {
  isSecureContext?: boolean;
  crypto?: { subtle?: SubtleCrypto };
  Worker?: unknown;
}

export function sealerKind(env: SealerEnv = globalThis): Sealer['kind'] {
  // Browsers hide crypto.subtle outside secure contexts; checking both also covers partial polyfills.
  if (env.isSecureContext === true && env.crypto?.subtle) return 'webcrypto';
  if (typeof env.Worker === 'function') return 'forge-worker';
  return 'forge';
}

export function createSealer(env: SealerEnv = globalThis): Sealer {
  const kind = sealerKind(env);
  const subtle = env.crypto?.subtle;
  if (kind === 'webcrypto' && subtle) return { kind, seal: (input) => sealWithWebCrypto(input, subtle) };
  if (kind === 'forge-worker') return createWorkerSealer();
  return {
    kind: 'forge',
    // Loaded on demand so pages that seal with Web Crypto or the worker never download node-forge.
    seal: async (input) => (await import('./seal-forge')).sealWithForge(input),
  };
}
