import { sealWithWebCrypto } from './seal-webcrypto';
import type { Sealer } from '../../common/protocol/types';
import { createWorkerSealer } from './worker-sealer';

/** The parts of a global scope that decide how to seal; tests pass fakes. */
export interface SealerEnv {
  isSecureContext?: boolean;
  crypto?: { subtle?: SubtleCrypto };
  Worker?: unknown;
}

export function sealerKind(env: SealerEnv = globalThis): Sealer['kind'] | 'unavailable' {
  // Browsers hide crypto.subtle outside secure contexts; checking both also covers partial polyfills.
  if (env.isSecureContext === true && env.crypto?.subtle) return 'webcrypto';
  if (typeof env.Worker === 'function') return 'forge-worker';
  return 'unavailable';
}

/**
 * Web Crypto where the page is a secure context, node-forge in a Web Worker otherwise
 * (PROTOCOL.md: sealing never blocks the page). Every browser that runs the app's module
 * scripts has workers; there is no main-thread forge, which was 34 KiB for none of them.
 */
export function createSealer(env: SealerEnv = globalThis): Sealer {
  const kind = sealerKind(env);
  const subtle = env.crypto?.subtle;
  if (kind === 'webcrypto' && subtle) return { kind, seal: (input) => sealWithWebCrypto(input, subtle) };
  if (kind === 'forge-worker') return createWorkerSealer();
  throw new Error('This browser can seal requests neither with Web Crypto in a secure context nor in a Web Worker.');
}
