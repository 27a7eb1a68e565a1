import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkerPool, WorkerJobError, type WorkerPool, type WorkerPoolOptions } from '../../../server/src/lib/worker-pool';
import type { PoolTestJob } from '../../fixtures/pool-worker';

// The pool with real worker threads: a job's clock starts when a worker takes it, a worker
// past its memory limit or its time is ended and replaced, and an idle one goes away.

const ENTRY = new URL('../../fixtures/pool-worker.ts', import.meta.url);
const pools: WorkerPool<PoolTestJob, string>[] = [];

function pool(options: Partial<Omit<WorkerPoolOptions, 'entry'>> = {}): WorkerPool<PoolTestJob, string> {
  const created = createWorkerPool<PoolTestJob, string>({
    entry: ENTRY,
    size: 1,
    resourceLimits: { maxOldGenerationSizeMb: 64 },
    timeoutMs: 20_000,
    idleMs: 60_000,
    ...options,
  });
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

describe('worker pool', () => {
  it('counts a job’s time from its start, not from its enqueue', async () => {
    // Three jobs of 1.5 s queued on one worker with a 2.5 s limit: the last would be 4.5 s
    // past its enqueue, yet each one runs for 1.5 s of its own.
    const single = pool({ timeoutMs: 2_500 });
    const results = await Promise.all([1, 2, 3].map(() => single.run({ sleepMs: 1_500 })));
    expect(results).toEqual(['slept', 'slept', 'slept']);
  });

  it('ends a job past its time and gives the next one a fresh worker', async () => {
    const single = pool({ timeoutMs: 1_000 });
    const late = single.run({ sleepMs: 60_000 });
    const next = single.run({ echo: 'after' });
    await expect(late).rejects.toMatchObject({ failure: 'timeout' });
    expect(await next).toBe('after');
  });

  it('gives a worker longer to load than a job to run: a slow load is not a job past its time', async () => {
    // On a busy machine a fresh worker took more than a short job's limit to load, and the job failed.
    process.env.POOL_TEST_LOAD_MS = '1500';
    try {
      const single = pool({ timeoutMs: 500 });
      expect(await single.run({ echo: 'loaded late' })).toBe('loaded late');
    } finally {
      delete process.env.POOL_TEST_LOAD_MS;
    }
  });

  it('settles a job past its time only once its worker has stopped, native work included', async () => {
    // The job blocks its thread in native code (terminate() cannot interrupt it, as with a libvips
    // decode) and writes the marker when that returns: the rejection comes after, never before.
    const marker = path.join(await mkdtemp(path.join(tmpdir(), 'pool-')), 'done');
    const single = pool({ timeoutMs: 2_000 });
    // A loaded worker first, so the job alone is timed.
    expect(await single.run({ echo: 'loaded' })).toBe('loaded');
    await expect(single.run({ nativeSeconds: 4, marker })).rejects.toMatchObject({ failure: 'timeout' });
    expect(existsSync(marker)).toBe(true);
  });

  it('on abort, takes a waiting job out of the queue and ends a running one’s worker, settling once it stopped', async () => {
    const marker = path.join(await mkdtemp(path.join(tmpdir(), 'pool-')), 'done');
    const single = pool();
    expect(await single.run({ echo: 'loaded' })).toBe('loaded');
    const running = new AbortController();
    const waiting = new AbortController();
    const first = single.run({ nativeSeconds: 1, marker }, [], running.signal);
    const second = single.run({ echo: 'never' }, [], waiting.signal);
    waiting.abort();
    await expect(second).rejects.toMatchObject({ failure: 'aborted' });
    expect(single.stats().queued).toBe(0);
    expect(single.stats()).toMatchObject({ busy: 1, queued: 0 });
    await vi.waitFor(() => expect(existsSync(`${marker}.started`)).toBe(true), { timeout: 10_000, interval: 20 });
    running.abort();
    await expect(first).rejects.toMatchObject({ failure: 'aborted' });
    expect(existsSync(marker)).toBe(true);
    expect(await single.run({ echo: 'after' })).toBe('after');
  });

  it('ends a worker past its memory limit and replaces it', async () => {
    const single = pool();
    const hoard = single.run({ hoard: true });
    await expect(hoard).rejects.toBeInstanceOf(WorkerJobError);
    await expect(hoard).rejects.toMatchObject({ failure: 'memory' });
    expect(await single.run({ echo: 'still here' })).toBe('still here');
  });

  it('runs jobs side by side up to its size; a busy worker does not hold up the others', async () => {
    const two = pool({ size: 2 });
    const slow = two.run({ sleepMs: 60_000 });
    slow.catch(() => undefined);
    expect(await two.run({ echo: 'quick' })).toBe('quick');
    expect(two.stats()).toMatchObject({ workers: 2, busy: 1, queued: 0 });
  });

  it('ends idle workers', async () => {
    const idle = pool({ size: 2, idleMs: 200 });
    await Promise.all([idle.run({ echo: 'a' }), idle.run({ echo: 'b' })]);
    expect(idle.stats().workers).toBeGreaterThan(0);
    await vi.waitFor(() => expect(idle.stats().workers).toBe(0), { timeout: 10_000, interval: 50 });
  });

  it('refuses jobs once closed', async () => {
    const closing = pool();
    const running = expect(closing.run({ sleepMs: 60_000 })).rejects.toMatchObject({ failure: 'closed' });
    await closing.close();
    await running;
    await expect(closing.run({ echo: 'x' })).rejects.toMatchObject({ failure: 'closed' });
  });
});
