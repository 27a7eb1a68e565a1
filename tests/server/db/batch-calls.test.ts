import { describe, expect, it } from 'vitest';
import { batchCalls } from '../../../server/src/db/batch-calls.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the event loop go round a few times, so scheduled batches start. */
async function turns(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('batchCalls', () => {
  it('sends the calls of one tick together and answers each in order', async () => {
    const batches: number[][] = [];
    const double = batchCalls(async (items: number[]) => {
      batches.push(items);
      return items.map((item) => item * 2);
    });
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('coalesces what arrives while maxInFlight batches run, and no more than maxBatch at once', async () => {
    const running: { items: string[]; done: ReturnType<typeof deferred<string[]>> }[] = [];
    const call = batchCalls(
      (items: string[]) => {
        const done = deferred<string[]>();
        running.push({ items, done });
        return done.promise;
      },
      { maxInFlight: 1, maxBatch: 2 },
    );
    const first = call('a');
    await turns();
    const later = ['b', 'c', 'd'].map(call);
    await turns();
    expect(running.map((batch) => batch.items)).toEqual([['a']]);

    running[0]?.done.resolve(['A']);
    expect(await first).toBe('A');
    await turns();
    expect(running.map((batch) => batch.items)).toEqual([['a'], ['b', 'c']]);
    running[1]?.done.resolve(['B', 'C']);
    await turns();
    expect(running.map((batch) => batch.items)).toEqual([['a'], ['b', 'c'], ['d']]);
    running[2]?.done.resolve(['D']);
    expect(await Promise.all(later)).toEqual(['B', 'C', 'D']);
  });

  it('rejects every call of a failed batch, and only those', async () => {
    let round = 0;
    const call = batchCalls(async (items: string[]) => {
      round += 1;
      if (round === 1) throw new Error('database unavailable');
      return items;
    });
    const failed = Promise.allSettled([call('a'), call('b')]);
    expect((await failed).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await call('c')).toBe('c');
  });
});
