import { HttpError } from '../../../errors.js';
import { serverSharp } from '../../../lib/server-sharp.js';
import { createWorkerPool } from '../../../lib/worker-pool.js';
import type { RasterJob, RasterResult } from '../../../workers/image-worker.js';

// SVG to PNG off the event loop, in one worker thread (workers/image-worker.ts): a frame with
// its logos decoded is tens of megabytes, one at a time bounds it. Past `timeoutMs` the thread
// is ended, and the promise settles only once it has stopped.

const WORKER_URL = new URL(`../../../workers/image-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export interface SvgRasteriser {
  /** A PNG; the image guard's refusals as HttpError; WorkerJobError when the thread was ended (time, `signal`). */
  png(job: Omit<RasterJob, 'timeoutSeconds'>, signal?: AbortSignal): Promise<Buffer>;
  close(): Promise<void>;
}

export function createSvgRasteriser(options: { timeoutMs: number; idleMs?: number }): SvgRasteriser {
  const pool = createWorkerPool<RasterJob, RasterResult>({
    entry: WORKER_URL,
    size: 1,
    // sharp's pixels are native memory, outside this heap: the heap holds the SVG text.
    resourceLimits: { maxOldGenerationSizeMb: 128 },
    timeoutMs: options.timeoutMs,
    idleMs: options.idleMs ?? 30_000,
  });
  return {
    async png(job, signal) {
      // sharp's docs: on glibc Linux the main thread loads sharp before any worker does, so its
      // shared libraries stay loaded until every thread is done.
      await serverSharp();
      const result = await pool.run({ ...job, timeoutSeconds: Math.max(1, Math.ceil(options.timeoutMs / 1000)) }, [], signal);
      if ('refused' in result) {
        const { statusCode, code, params, reasons } = result.refused;
        throw new HttpError(statusCode, code, reasons, params ? { params } : {});
      }
      return Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength);
    },
    close: () => pool.close(),
  };
}
