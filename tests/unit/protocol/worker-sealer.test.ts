import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SealWorkerRequest, SealWorkerResponse } from '../../../common/protocol/types';
import { createWorkerSealer } from '../../../src/protocol/worker-sealer';
import { protocolVectors, sealInputOf } from '../../fixtures/protocol-vectors';

type Listener = (event: { data?: unknown; message?: string }) => void;

// The real worker entry runs in this thread; a fake Worker carries messages to and from it.
let entryListener: ((event: { data: SealWorkerRequest }) => void) | undefined;
const created: FakeWorker[] = [];

class FakeWorker {
  readonly listeners = new Map<string, Listener[]>();
  terminated = false;
  // Replies are held back and released in reverse, as a busy worker's could arrive.
  held: SealWorkerResponse[] = [];
  holdReplies = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    created.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  postMessage(request: SealWorkerRequest): void {
    setTimeout(() => entryListener?.({ data: structuredClone(request) }), 0);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(response: SealWorkerResponse): void {
    if (this.holdReplies) this.held.push(response);
    else this.emit('message', { data: response });
  }

  releaseReversed(): void {
    for (const response of this.held.reverse()) this.emit('message', { data: response });
    this.held = [];
  }

  emit(type: string, event: { data?: unknown; message?: string }): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function stubWorkerScope(): void {
  vi.stubGlobal('addEventListener', (type: string, listener: (event: { data: SealWorkerRequest }) => void) => {
    if (type === 'message') entryListener = listener;
  });
  vi.stubGlobal('postMessage', (response: SealWorkerResponse) => created.at(-1)?.reply(structuredClone(response)));
}

beforeAll(async () => {
  stubWorkerScope();
  await import('../../../src/protocol/seal-worker');
});

beforeEach(() => {
  stubWorkerScope();
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.unstubAllGlobals();
  created.length = 0;
});

async function until(condition: () => boolean): Promise<void> {
  // Pure-JavaScript sealing takes about 100 ms each; waitFor's 1 s default is tight on a loaded machine.
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 4000 },
  );
}

const vectors = protocolVectors.vectors;
const [vector] = vectors;
if (!vector) throw new Error('no protocol vectors');

describe('createWorkerSealer', () => {
  it('starts one module worker on first use and matches replies to requests', async () => {
    const sealer = createWorkerSealer();
    expect(sealer.kind).toBe('forge-worker');
    expect(created).toHaveLength(0);

    const pending = vectors.map((v) => sealer.seal(sealInputOf(v)));
    const [worker] = created;
    if (!worker) throw new Error('no worker was started');
    worker.holdReplies = true;
    await until(() => worker.held.length === vectors.length);
    worker.releaseReversed();
    const results = await Promise.all(pending);

    expect(results.map((headers) => headers.Authorization)).toEqual(vectors.map((v) => v.headers.authorization));
    expect(created).toHaveLength(1);
    expect(worker.url.pathname.endsWith('/src/protocol/seal-worker.ts')).toBe(true);
    expect(worker.options).toEqual({ type: 'module' });
  });

  it('rejects a request the worker could not seal, and keeps serving', async () => {
    const sealer = createWorkerSealer();
    await expect(sealer.seal({ ...sealInputOf(vector), rcKey: 'bad' })).rejects.toThrow('malformed rc-key');
    await expect(sealer.seal(sealInputOf(vector))).resolves.toMatchObject({
      Authorization: vector.headers.authorization,
    });
    expect(created).toHaveLength(1);
  });

  it('rejects every pending request when the worker fails, then starts a fresh one', async () => {
    const sealer = createWorkerSealer();
    const input = sealInputOf(vector);
    const first = sealer.seal(input);
    const second = sealer.seal(input);
    const [broken] = created;
    if (!broken) throw new Error('no worker was started');
    broken.emit('error', { message: 'script failed to load' });
    await expect(first).rejects.toThrow('script failed to load');
    await expect(second).rejects.toThrow('script failed to load');
    expect(broken.terminated).toBe(true);

    await expect(sealer.seal(input)).resolves.toMatchObject({ Authorization: vector.headers.authorization });
    expect(created).toHaveLength(2);
  });

  it('rejects when the request cannot be posted', async () => {
    vi.stubGlobal(
      'Worker',
      class extends FakeWorker {
        override postMessage(): void {
          throw new Error('DataCloneError');
        }
      },
    );
    await expect(createWorkerSealer().seal(sealInputOf(vector))).rejects.toThrow('DataCloneError');
  });
});
