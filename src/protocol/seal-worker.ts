import { sealWithForge } from './seal-forge';
import type { SealWorkerRequest, SealWorkerResponse } from '../../common/protocol/types';

// The project compiles against the DOM lib, where `self` is a Window; this is the part of a worker's
// global scope the entry uses.
interface SealWorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<SealWorkerRequest>) => void): void;
  postMessage(message: SealWorkerResponse): void;
}

const scope = globalThis as unknown as SealWorkerScope;

scope.addEventListener('message', ({ data: { id, input } }) => {
  try {
    scope.postMessage({ id, headers: sealWithForge(input) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
