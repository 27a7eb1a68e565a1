import { describe, expect, it } from 'vitest';
import { createUploadLane } from '../../../server/src/modules/kyc/upload-lane';

// The KYC upload lane: how many uploads hold their bodies in memory at once.

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createUploadLane', () => {
  it('runs at most `size` at once, the others in the order they came, a failure giving its place back', async () => {
    const lane = createUploadLane(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 7 }, (_, index) =>
        lane(async () => {
          started.push(index);
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          if (index === 1) throw new Error('refused');
          return index;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    // All places given back: two more run together at once.
    running = 0;
    most = 0;
    const counted = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    await Promise.all([lane(counted), lane(counted)]);
    expect(most).toBe(2);
  });
});
