import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { guardedSharp } from '../../../lib/upload-guard/image.js';
import { frameCount, frameSvg } from './frame-svg';
import type { BoundVideo } from '../../../../../common/domains/finview/template.js';
import { yuvFrames, type FrameCounts } from './yuv-frames';

// A bound template to an H.264 MP4 and a JPEG poster. Frames come from yuvFrames (SVG rasterised
// by sharp, converted to YUV 4:2:0 here, only what changed redrawn) and are written into Debian's
// ffmpeg on stdin, spawned directly, with backpressure.
// Files are written under temporary names beside their targets and renamed only after ffmpeg
// exited 0, so a crash, a kill or an abort never leaves a half-written video under the real name.

export interface RenderVideoOptions {
  /** Where the MP4 ends up. */
  output: string;
  /** Where the poster JPEG ends up; none when unset. */
  poster?: string;
  /** Time of the poster frame; default: 2 s in, or the middle of a shorter video. */
  posterSeconds?: number;
  /** Called after each frame ffmpeg accepted. */
  onProgress?: (framesDone: number, framesTotal: number) => void;
  /** Called once the poster is in place, before the video is encoded. */
  onPoster?: (posterPath: string) => void;
  /** Aborting kills ffmpeg and removes every file this render wrote (the poster too). */
  signal?: AbortSignal;
  /** libx264 preset; faster presets make larger files. */
  preset?: string;
  /** libx264 constant rate factor (lower is better and larger). */
  crf?: number;
  /** Frames rasterised at once. */
  parallelFrames?: number;
  ffmpegPath?: string;
}

export interface RenderedVideo {
  output: string;
  poster?: string;
  frames: number;
  /** How each frame was made: drawn whole, partly redrawn, or repeated. */
  counts: FrameCounts;
  bytes: number;
  /** From the call until the poster was in place. */
  posterMs?: number;
  elapsedMs: number;
}

export class RenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderError';
  }
}

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const STDERR_KEPT = 4000;

/** A temporary name beside `target`, so the final rename stays on one file system. */
function partialPath(target: string, extension: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.partial${extension}`);
}

/** The poster frame as a JPEG (no alpha: flattened on the brand background). */
export async function posterJpeg(video: BoundVideo, frame: number): Promise<Buffer> {
  const image = await guardedSharp(frameSvg(video, frame), { maxPixels: video.size.width * video.size.height });
  return image.flatten({ background: video.brand.background }).jpeg({ quality: 85 }).toBuffer();
}

export function defaultPosterFrame(video: BoundVideo): number {
  const seconds = Math.min(2, video.durationSeconds / 2);
  return Math.min(frameCount(video) - 1, Math.round(seconds * video.fps));
}

function ffmpegArgs(video: BoundVideo, target: string, preset: string, crf: number): string[] {
  const { width, height } = video.size;
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostats'],
    ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${width}x${height}`, '-r', String(video.fps), '-i', 'pipe:0'],
    // Tagged as what rgbaToYuv420 wrote: BT.709, limited range.
    ...['-an', '-color_range', 'tv', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
    ...['-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p'],
    // The index (moov) before the media data: the browser can play and seek before the whole file arrived.
    ...['-movflags', '+faststart', '-f', 'mp4', '-y', target],
  ];
}

/** Resolves once the chunk is buffered or drained; rejects if the process ends first. */
function writeChunk(stdin: Writable, chunk: Buffer, ended: Promise<never>): Promise<void> {
  if (stdin.write(chunk)) return Promise.resolve();
  return Promise.race([new Promise<void>((resolve) => stdin.once('drain', resolve)), ended]);
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The render was aborted', 'AbortError');
}

export async function renderVideo(video: BoundVideo, options: RenderVideoOptions): Promise<RenderedVideo> {
  const started = performance.now();
  const { signal } = options;
  signal?.throwIfAborted();
  const total = frameCount(video);
  const partialVideo = partialPath(options.output, '.mp4');
  const written: string[] = [];
  let posterMs: number | undefined;

  const child = spawn(options.ffmpegPath ?? FFMPEG, ffmpegArgs(video, partialVideo, options.preset ?? 'veryfast', options.crf ?? 23), {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  written.push(partialVideo);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEPT);
  });
  // EPIPE when ffmpeg dies: reported through `exited` with its stderr instead.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('close', (code, exitSignal) => resolve({ code, signal: exitSignal }));
  });
  const endedEarly = exited.then(({ code, signal: exitSignal, error }): never => {
    throw new RenderError(`ffmpeg ended before all frames were written (${error?.message ?? `code ${code}, signal ${exitSignal}`}): ${stderr.trim()}`);
  });
  endedEarly.catch(() => undefined);
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });

  try {
    if (options.poster) {
      const partialPoster = partialPath(options.poster, '.jpg');
      written.push(partialPoster);
      const posterFrame = options.posterSeconds === undefined ? defaultPosterFrame(video) : Math.min(total - 1, Math.round(options.posterSeconds * video.fps));
      await writeFile(partialPoster, await posterJpeg(video, posterFrame));
      signal?.throwIfAborted();
      await rename(partialPoster, options.poster);
      written.push(options.poster);
      posterMs = performance.now() - started;
      options.onPoster?.(options.poster);
    }

    const counts: FrameCounts = { drawn: 0, patched: 0, repeated: 0 };
    let done = 0;
    for await (const frame of yuvFrames(video, total, Math.max(1, options.parallelFrames ?? 2), counts)) {
      signal?.throwIfAborted();
      await writeChunk(child.stdin, frame, endedEarly);
      done += 1;
      options.onProgress?.(done, total);
    }
    child.stdin.end();

    const result = await exited;
    signal?.throwIfAborted();
    if (result.code !== 0) {
      throw new RenderError(`ffmpeg failed (${result.error?.message ?? `code ${result.code}, signal ${result.signal}`}): ${stderr.trim()}`);
    }
    await rename(partialVideo, options.output);
    const { size } = await stat(options.output);
    return {
      output: options.output,
      ...(options.poster ? { poster: options.poster } : {}),
      frames: total,
      counts,
      bytes: size,
      ...(posterMs === undefined ? {} : { posterMs }),
      elapsedMs: performance.now() - started,
    };
  } catch (error) {
    kill();
    // ffmpeg must be gone before the files go: +faststart reopens the output by name at the end.
    await exited;
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw signal?.aborted ? abortReason(signal) : error;
  } finally {
    signal?.removeEventListener('abort', kill);
  }
}
