import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SealWorkerRequest, SealWorkerResponse } from '../../../src/protocol/types';
import { createWorkerSealer } from '../../../src/protocol/worker-sealer';
import { protocolVectors, sealInputOf } from '../../fixtures/protocol-vectors';

type Listener = (event: { data?: unknown; message?: string }) => void;

// The real worker entry runs in this thread; a fake Worker carries messages to and from it.
let entryListener: ((event: { data: SealWorkerRequest }) => void) | undefined;
let current: FakeWorker | undefined;
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
    current = this;
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

beforeAll(async () => {
  vi.stubGlobal('addEventListener', (type: string, listener: (event: { data: SealWorkerRequest }) => void) => {
    if (type === 'message') entryListener = listener;
  });
  vi.stubGlobal('postMessage', (response: SealWorkerResponse) => current?.reply(structuredClone(response)));
  await import('../../../src/protocol/seal-worker');
  vi.unstubAllGlobals();
});

afterEach(() => {
  vi.unstubAllGlobals();
  created.length = 0;
  current = undefined;
});

async function until(condition: () => boolean): Promise<void> {
  await vi.waitFor(() => {
    if (!condition()) throw new Error('not yet');
  });
}

describe('createWorkerSealer', () => {
  const vectors = protocolVectors.vectors;

  it('starts one module worker on first use and matches replies to requests', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const sealer = createWorkerSealer();
    expect(sealer.kind).toBe('forge-worker');
    expect(created).toHaveLength(0);

    const worker = await (async () => {
      const pending = vectors.map((vector) => sealer.seal(sealInputOf(vector)));
      const [first] = created;
      if (!first) throw new Error('no worker was started');
      first.holdReplies = true;
      await until(() => first.held.length === vectors.length);
      first.releaseReversed();
      const results = await Promise.all(pending);
      expect(results.map((headers) => headers.Authorization)).toEqual(vectors.map((v) => v.headers.authorization));
      return first;
    })();

    expect(created).toHaveLength(1);
    expect(worker.url.pathname.endsWith('/src/protocol/seal-worker.ts')).toBe(true);
    expect(worker.options).toEqual({ type: 'module' });
  });

  it('rejects a request the worker could not seal, and keeps serving', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const sealer = createWorkerSealer();
    const [vector] = vectors;
    if (!vector) throw new Error('no protocol vectors');
    await expect(sealer.seal({ ...sealInputOf(vector), rcKey: 'bad' })).rejects.toThrow('malformed rc-key');
    await expect(sealer.seal(sealInputOf(vector))).resolves.toMatchObject({
      Authorization: vector.headers.authorization,
    });
    expect(created).toHaveLength(1);
  });

  it('rejects every pending request when the worker fails, then starts a fresh one', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const sealer = createWorkerSealer();
    const [vector] = vectors;
    if (!vector) throw new Error('no protocol vectors');
    const input = sealInputOf(vector);
    const first = sealer.seal(input);
    const second = sealer.seal(input);
    const [broken] = created;
    if (!broken) throw new Error('no worker was started');
    broken.holdReplies = true;
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
    const [vector] = vectors;
    if (!vector) throw new Error('no protocol vectors');
    await expect(createWorkerSealer().seal(sealInputOf(vector))).rejects.toThrow('DataCloneError');
  });
});
