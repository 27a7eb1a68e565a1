import { execFile } from 'node:child_process';
import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindVideoTemplate, type BoundVideo } from '../../../../common/domains/finview/template';
import { frameSvg } from '../../../../server/src/modules/finview/render/frame-svg';
import { RenderError, renderVideo } from '../../../../server/src/modules/finview/render/video';
import { rgbaToYuv420 } from '../../../../server/src/modules/finview/render/yuv';
import { rasteriseFrame, yuvFrames, type FrameCounts } from '../../../../server/src/modules/finview/render/yuv-frames';
import { TINY_PNG_DATA_URL, videoTemplate } from '../../../fixtures/finview-templates';

const run = promisify(execFile);
const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

function twoSeconds(): BoundVideo {
  const template = videoTemplate({
    durationSeconds: 2,
    scenes: videoTemplate().scenes.map((scene) => ({ ...scene, start: scene.start / 2, end: scene.end / 2 })),
  });
  const bound = bindVideoTemplate(template);
  if (!bound.ok) throw new Error(bound.problems.join('\n'));
  return bound.value;
}

/** Top-level MP4 boxes in file order (type and offset). */
async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset < size; ) {
      await handle.read(header, 0, 16, offset);
      let length = header.readUInt32BE(0);
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      if (length === 0) length = size - offset;
      boxes.push(header.toString('latin1', 4, 8));
      offset += length;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}

/** ffmpeg processes whose command line names `dir` (none may outlive a render). */
async function ffmpegsIn(dir: string): Promise<number> {
  let count = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('ffmpeg') && cmdline.includes(dir)) count += 1;
  }
  return count;
}

describe('renderVideo', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'render-video-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('renders a 2 s H.264 MP4 that starts with its index (faststart) and seeks, plus a JPEG poster', async () => {
    const output = path.join(dir, 'out.mp4');
    const poster = path.join(dir, 'out.jpg');
    const progress: number[] = [];
    const result = await renderVideo(twoSeconds(), { output, poster, onProgress: (done, total) => progress.push(done / total) });

    expect(result.frames).toBe(60);
    expect(progress).toHaveLength(60);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await readdir(dir)).sort()).toEqual(['out.jpg', 'out.mp4']);
    expect((await readFile(poster)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const { stdout } = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-count_frames', output]);
    const probe = JSON.parse(stdout) as { format: { duration: string }; streams: Record<string, unknown>[] };
    expect(probe.streams).toHaveLength(1);
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 320, height: 180, nb_read_frames: '60', color_space: 'bt709' });
    expect(Number(probe.format.duration)).toBeCloseTo(2, 1);

    const boxes = await topLevelBoxes(output);
    expect(boxes).toContain('mdat');
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // A decoder asked to start at 1.5 s finds a frame there.
    const seek = await run(FFMPEG, ['-v', 'error', '-ss', '1.5', '-i', output, '-frames:v', '1', '-f', 'framemd5', '-']);
    expect(seek.stdout).toMatch(/^0,\s+\d+,\s+\d+,\s+1,\s+\d+, [0-9a-f]{32}$/m);
  });

  it('leaves no file and no ffmpeg behind when aborted mid-render', async () => {
    const output = path.join(dir, 'out.mp4');
    const controller = new AbortController();
    let abortedAt = 0;
    const rendering = renderVideo(twoSeconds(), {
      output,
      poster: path.join(dir, 'out.jpg'),
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 20) {
          abortedAt = done;
          controller.abort();
        }
      },
    });
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' });
    expect(abortedAt).toBe(20);
    expect(await readdir(dir)).toEqual([]);
    expect(await ffmpegsIn(dir)).toBe(0);
  });

  it('reports ffmpeg failures with its message and keeps no output', async () => {
    const output = path.join(dir, 'out.mp4');
    const rendering = renderVideo(twoSeconds(), { output, preset: 'no-such-preset' });
    await expect(rendering).rejects.toBeInstanceOf(RenderError);
    await expect(rendering).rejects.toThrow(/no-such-preset|preset/i);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('yuvFrames', () => {
  it('redraws only what changed, and the frames equal frames drawn whole', async () => {
    // Bars grow for 0.3 s, then only the ticker moves; a text appears at 1 s over the chart.
    const bound = bindVideoTemplate(
      videoTemplate({
        durationSeconds: 2,
        scenes: [
          { kind: 'bar-chart', start: 0, end: 2, title: 'Chart', labels: ['a', 'b', 'c'], values: [3, 1, 2], growSeconds: 0.3 },
          { kind: 'ticker', start: 0, end: 2, items: ['One item', 'Another item'], speed: 0.3 },
          { kind: 'text', start: 1, end: 2, text: 'Late <text>', x: 0.5, y: 0.5, size: 0.08, align: 'middle', bold: true },
          { kind: 'logo', start: 0, end: 2, image: { dataUrl: TINY_PNG_DATA_URL }, position: 'bottom-right', size: 0.15 },
        ],
      }),
    );
    if (!bound.ok) throw new Error(bound.problems.join('\n'));
    const video = bound.value;
    const counts: FrameCounts = { drawn: 0, patched: 0, repeated: 0 };
    let frame = 0;
    let worst = 0;
    for await (const yuv of yuvFrames(video, 60, 3, counts)) {
      const whole = rgbaToYuv420(await rasteriseFrame(frameSvg(video, frame), 320, 180), 320, 180);
      for (let index = 0; index < whole.length; index += 1) worst = Math.max(worst, Math.abs((whole[index] ?? 0) - (yuv[index] ?? 0)));
      frame += 1;
    }
    expect(frame).toBe(60);
    expect(counts.patched).toBeGreaterThan(40);
    expect(counts.drawn + counts.patched + counts.repeated).toBe(60);
    expect(worst).toBeLessThanOrEqual(2);
  });
});
