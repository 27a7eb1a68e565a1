import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Queryable } from '../../../db/index.js';
import type { BlobStore, StagedBlob } from '../../../lib/blobs/blob-store.js';
import { bindVideoTemplate, checkVideoTemplate, type BoundData, type BoundVideo } from '../../../../../common/domains/finview/template.js';
import { PermanentJobError, type JobQueue, type JobSuccess, type RunningJob } from '../../../lib/jobs/job-queue.js';
import { assertDataUrlPixels, LOGO_MAX_PIXELS } from '../../../lib/upload-guard/image.js';
import type { JsonObject } from '../../../lib/jobs/jobs-repository.js';
import { renderInChild } from './render-child.js';

// The video render queue: each attempt renders in a child process (render-child.ts) into a
// temporary directory of its own, then stages the MP4 and the poster in the blob store (no
// transaction held while they are encrypted and written) and commits them in the transaction
// that marks the job succeeded. A render that fails, times out, is cancelled or killed stores
// nothing; its directory is removed; pg-boss retries it (a cancelled one is not retried).

export const RENDER_QUEUE = 'render-video';

export interface RenderJobData extends JsonObject {
  /** A video template (common/domains/finview/template.ts), checked and bound by the default prepare(). */
  template?: unknown;
  data?: BoundData;
  /** The files' names: `<name>.mp4` and `<name>.jpg` (default: the job id). */
  name?: string;
}

export interface StoredRender extends JsonObject {
  videoBlobId: string;
  posterBlobId: string;
}

export interface RenderQueueOptions {
  /** Renders at once in this instance. */
  concurrency?: number;
  /** The child's time limit. */
  timeoutSeconds?: number;
  /**
   * When pg-boss's maintenance takes the job back from an instance that died mid-render, to
   * retry it elsewhere; default: a minute more than timeoutSeconds (it must be more).
   */
  expireInSeconds?: number;
  maxOldSpaceMb?: number;
  retryLimit?: number;
  retryDelay?: number;
  /** Where attempts' temporary directories go (default: the system's). */
  workDir?: string;
  preset?: string;
  crf?: number;
  /** The job's data as a bound video; default: its `template` checked and bound to its `data`. */
  prepare?(job: RunningJob<RenderJobData>): Promise<BoundVideo>;
  /** Runs in the transaction that marks the job succeeded, with the files stored (finview writes its row here). */
  onStored?(tx: Queryable, job: RunningJob<RenderJobData>, stored: StoredRender): Promise<void>;
  /** The child's pid as it starts (tests). */
  onSpawn?(pid: number, jobId: string): void;
}

async function bindFromData(job: RunningJob<RenderJobData>): Promise<BoundVideo> {
  const checked = checkVideoTemplate(job.data.template);
  if (!checked.ok) throw new PermanentJobError(`the template is not valid: ${checked.problems.join('; ')}`);
  const bound = bindVideoTemplate(checked.value, job.data.data ?? {});
  if (!bound.ok) throw new PermanentJobError(`the data does not fit the template: ${bound.problems.join('; ')}`);
  // The render child checks each frame's images too (guardedSharp): this says it once, for good.
  for (const scene of bound.value.scenes) {
    if (scene.kind !== 'logo' || !('dataUrl' in scene.image)) continue;
    await assertDataUrlPixels(scene.image.dataUrl, LOGO_MAX_PIXELS).catch((error: Error) => {
      throw new PermanentJobError(error.message);
    });
  }
  return bound.value;
}

async function renderJob(blobs: BlobStore, options: RenderQueueOptions, job: RunningJob<RenderJobData>): Promise<JobSuccess> {
  const video = await (options.prepare ?? bindFromData)(job);
  const dir = await mkdtemp(path.join(options.workDir ?? tmpdir(), `render-${job.id}-`));
  const staged: StagedBlob[] = [];
  let frames = 0;
  try {
    const output = path.join(dir, 'video.mp4');
    const poster = path.join(dir, 'poster.jpg');
    ({ frames } = await renderInChild(
      { video, output, poster, preset: options.preset, crf: options.crf },
      {
        timeoutMs: (options.timeoutSeconds ?? 600) * 1000,
        maxOldSpaceMb: options.maxOldSpaceMb ?? 512,
        signal: job.signal,
        onProgress: (done, total) => job.progress(done / total),
        onSpawn: (pid) => options.onSpawn?.(pid, job.id),
      },
    ));
    // ffmpeg exited 0 and so did the child: the files are whole.
    const name = job.data.name ?? job.id;
    staged.push(await blobs.stage(createReadStream(output), { contentType: 'video/mp4', filename: `${name}.mp4` }));
    staged.push(await blobs.stage(createReadStream(poster), { contentType: 'image/jpeg', filename: `${name}.jpg` }));
  } catch (error) {
    await Promise.all(staged.map((blob) => blobs.discard(blob)));
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const [videoBlob, posterBlob] = staged as [StagedBlob, StagedBlob];
  return {
    result: {
      width: video.size.width,
      height: video.size.height,
      fps: video.fps,
      durationSeconds: video.durationSeconds,
      frames,
      bytes: videoBlob.size,
    },
    async commit(tx) {
      const stored: StoredRender = { videoBlobId: (await blobs.commit(tx, videoBlob)).id, posterBlobId: (await blobs.commit(tx, posterBlob)).id };
      await options.onStored?.(tx, job, stored);
      return stored;
    },
    async abandon() {
      await Promise.all(staged.map((blob) => blobs.discard(blob)));
    },
  };
}

/** Defines the render queue and works it in this instance. */
export async function workRenderQueue(jobs: JobQueue, blobs: BlobStore, options: RenderQueueOptions = {}): Promise<void> {
  await jobs.define(RENDER_QUEUE, {
    retryLimit: options.retryLimit ?? 2,
    retryDelay: options.retryDelay ?? 10,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds ?? Math.ceil(options.timeoutSeconds ?? 600) + 60,
  });
  jobs.work<RenderJobData>(RENDER_QUEUE, (job) => renderJob(blobs, options, job), { concurrency: options.concurrency ?? 1 });
}
