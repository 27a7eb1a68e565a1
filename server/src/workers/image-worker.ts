import { parentPort } from 'node:worker_threads';
import { HttpError } from '../errors.js';
import { guardedSharp } from '../lib/upload-guard/image.js';
import type { FieldReason, MessageParams, ServerMessageCode } from '../../../common/messages.js';

// Rasterises an SVG (a preview's frame) to PNG in a worker thread (image-raster.ts runs it): the
// pool ends the thread at the time limit, and its job settles only once the thread stopped, so
// a caller's lock (the preview's per-user gate) stays closed while libvips still works. Every
// decode goes through the image guard; libvips' own timeout stops a rasterisation that runs on.

export interface RasterJob {
  svg: string;
  /** Pixels the SVG's canvas may have. */
  maxPixels: number;
  background: string;
  /** Scaled down to at most this width. */
  maxWidth: number;
  timeoutSeconds: number;
}

/** The PNG, or the image guard's refusal (an HttpError does not cross the thread as itself). */
export type RasterResult = { png: Uint8Array } | { refused: { statusCode: number; code: ServerMessageCode; params?: MessageParams; reasons?: Record<string, FieldReason> } };

async function raster(job: RasterJob): Promise<RasterResult> {
  try {
    const image = await guardedSharp(job.svg, { maxPixels: job.maxPixels });
    const png = await image
      .flatten({ background: job.background })
      .resize({ width: job.maxWidth, withoutEnlargement: true })
      .png()
      .timeout({ seconds: job.timeoutSeconds })
      .toBuffer();
    return { png: new Uint8Array(png) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const { statusCode, code, params, reasons } = error;
    return { refused: { statusCode, code, ...(params ? { params } : {}), ...(reasons ? { reasons } : {}) } };
  }
}

parentPort?.on('message', (job: RasterJob) => {
  raster(job).then(
    (result) => parentPort?.postMessage({ result }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
parentPort?.postMessage({ ready: true });
