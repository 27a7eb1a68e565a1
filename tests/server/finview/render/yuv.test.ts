import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { frameSvg } from '../../../../server/src/modules/finview/render/frame-svg';
import { bindVideoTemplate } from '../../../../common/domains/finview/template';
import { patchYuv420, rgbaToYuv420 } from '../../../../server/src/modules/finview/render/yuv';
import { rasteriseFrame } from '../../../../server/src/modules/finview/render/yuv-frames';
import { videoTemplate } from '../../../fixtures/finview-templates';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

function differences(a: Uint8Array, b: Uint8Array, from: number, to: number): { mean: number; max: number } {
  let sum = 0;
  let max = 0;
  for (let index = from; index < to; index += 1) {
    const difference = Math.abs((a[index] ?? 0) - (b[index] ?? 0));
    sum += difference;
    max = Math.max(max, difference);
  }
  return { mean: sum / (to - from), max };
}

describe('rgbaToYuv420', () => {
  it("matches ffmpeg's own BT.709 limited-range conversion", async () => {
    const bound = bindVideoTemplate(videoTemplate());
    if (!bound.ok) throw new Error(bound.problems.join('\n'));
    const rgba = await rasteriseFrame(frameSvg(bound.value, 50), 320, 180);
    const ours = rgbaToYuv420(rgba, 320, 180);
    const reference = execFileSync(FFMPEG, [
      ...['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', '320x180', '-i', 'pipe:0'],
      ...['-vf', 'scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+full_chroma_int', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'pipe:1'],
    ], { input: rgba });
    expect(ours.length).toBe(reference.length);
    const luma = 320 * 180;
    expect(differences(ours, reference, 0, luma).max).toBeLessThanOrEqual(1);
    // Chroma differs only along sharp edges, where swscale filters and we take 2x2 means.
    expect(differences(ours, reference, luma, ours.length).mean).toBeLessThan(0.5);
  });

  it('patches regions with even corners only', () => {
    const frame = new Uint8Array(4 * 4 * 1.5);
    const patch = new Uint8Array(2 * 2 * 1.5).fill(9);
    const patched = patchYuv420(frame, 4, 4, [{ region: { x: 2, y: 2, width: 2, height: 2 }, yuv: patch }]);
    expect([...patched.subarray(0, 16)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 0, 0, 9, 9]);
    expect([...patched.subarray(16)]).toEqual([0, 0, 0, 9, 0, 0, 0, 9]);
    expect(() => patchYuv420(frame, 4, 4, [{ region: { x: 1, y: 2, width: 2, height: 2 }, yuv: patch }])).toThrow(RangeError);
  });
});
