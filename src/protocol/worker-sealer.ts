import type { SealedHeaders, Sealer, SealWorkerRequest, SealWorkerResponse } from '../../common/protocol/types';

interface Pending {
  resolve(headers: SealedHeaders): void;
  reject(error: Error): void;
}

export function createWorkerSealer(): Sealer {
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 0;

  // A worker that failed may be dead: drop it, so the next seal starts a fresh one instead of waiting forever.
  function failAll(error: Error): void {
    worker?.terminate();
    worker = undefined;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function onResponse({ data }: MessageEvent<SealWorkerResponse>): void {
    const request = pending.get(data.id);
    if (!request) return;
    pending.delete(data.id);
    if ('error' in data) request.reject(new Error(data.error));
    else request.resolve(data.headers);
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    // Vite recognises exactly this form and bundles the entry as a separate module worker.
    const created = new Worker(new URL('./seal-worker.ts', import.meta.url), { type: 'module' });
    created.addEventListener('message', onResponse);
    created.addEventListener('error', (event) => failAll(new Error(event.message || 'seal worker failed')));
    created.addEventListener('messageerror', () => failAll(new Error('seal worker sent an unreadable message')));
    worker = created;
    return created;
  }

  return {
    kind: 'forge-worker',
    seal(input) {
      return new Promise<SealedHeaders>((resolve, reject) => {
        nextId += 1;
        const id = nextId;
        pending.set(id, { resolve, reject });
        try {
          const request: SealWorkerRequest = { id, input };
          ensureWorker().postMessage(request);
        } catch (error) {
          pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  };
}
