import { guardedSharp } from '../../../lib/upload-guard/image.js';
import { sceneBounds, sceneParts, svgDocument, type Box } from './frame-svg';
import type { BoundVideo } from '../../../../../common/domains/finview/template.js';
import { patchYuv420, rgbaToYuv420 } from './yuv';

// The video's frames as YUV 4:2:0, in order, drawing as little as possible: a frame whose scenes
// all drew the same SVG as in the previous frame is the previous frame again; a frame where some
// scenes changed is the previous frame with the region those scenes may paint redrawn (the whole
// document, cropped to that region, so scenes still overlap in list order); otherwise the whole
// frame is drawn. A few frames are prepared at once: sharp rasterises on libuv's thread pool.

export interface FrameCounts {
  /** Frames rasterised whole. */
  drawn: number;
  /** Frames where only a changed region was rasterised. */
  patched: number;
  /** Frames equal to the previous one. */
  repeated: number;
}

/** An SVG document as raw RGBA, exactly width x height. */
export async function rasteriseFrame(svg: string, width: number, height: number): Promise<Buffer> {
  // The guard checks each image the SVG embeds before librsvg decodes it.
  const image = await guardedSharp(svg, { maxPixels: width * height });
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 4) {
    throw new Error(`frame rasterised to ${info.width}x${info.height}x${info.channels}, expected ${width}x${height}x4`);
  }
  return data;
}

// A region larger than this share of the frame is drawn whole: cropping saves little then.
const PATCH_LIMIT = 0.5;

function evenBox(box: Box, frame: { width: number; height: number }): Box {
  const left = Math.max(0, Math.floor(box.x / 2) * 2);
  const top = Math.max(0, Math.floor(box.y / 2) * 2);
  const right = Math.min(frame.width, Math.ceil((box.x + box.width) / 2) * 2);
  const bottom = Math.min(frame.height, Math.ceil((box.y + box.height) / 2) * 2);
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** The boxes with even corners, overlapping ones merged (a pixel is redrawn once), empty ones left out. */
export function dirtyRegions(boxes: Box[], frame: { width: number; height: number }): Box[] {
  let regions = boxes.map((box) => evenBox(box, frame)).filter((box) => box.width > 0 && box.height > 0);
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let first = 0; first < regions.length; first += 1) {
      for (let second = first + 1; second < regions.length; second += 1) {
        if (overlap(regions[first] as Box, regions[second] as Box)) {
          const joined = union(regions[first] as Box, regions[second] as Box);
          regions = [...regions.filter((_, index) => index !== first && index !== second), joined];
          merged = true;
          break outer;
        }
      }
    }
  }
  return regions;
}

export async function* yuvFrames(video: BoundVideo, total: number, parallel: number, counts: FrameCounts): AsyncGenerator<Buffer> {
  const { width, height } = video.size;
  const bounds = video.scenes.map((scene) => sceneBounds(scene, video.size));
  let previousParts: string[] | null = null;
  let previous: Promise<Buffer> | null = null;

  function plan(frame: number): Promise<Buffer> {
    const parts = sceneParts(video, frame);
    const before = previousParts;
    previousParts = parts;
    const changed = before ? bounds.filter((_, index) => parts[index] !== before[index]) : null;
    let next: Promise<Buffer>;
    const regions = previous && changed ? dirtyRegions(changed, video.size) : null;
    if (previous && regions?.length === 0) {
      counts.repeated += 1;
      next = previous;
    } else if (previous && regions && regions.reduce((area, region) => area + region.width * region.height, 0) <= width * height * PATCH_LIMIT) {
      counts.patched += 1;
      // Regions are drawn at once and applied in order onto a copy of the previous frame. Each
      // holds only the scenes that may paint there: librsvg would lay out the others' texts too.
      const patches = regions.map((region) => {
        const regionBody = parts.filter((_, index) => overlap(bounds[index] as Box, region)).join('');
        return rasteriseFrame(svgDocument(video, regionBody, region), region.width, region.height).then((rgba) => ({
          region,
          yuv: rgbaToYuv420(rgba, region.width, region.height),
        }));
      });
      next = Promise.all([previous, Promise.all(patches)]).then(([frameYuv, drawn]) => patchYuv420(frameYuv, width, height, drawn));
    } else {
      counts.drawn += 1;
      next = rasteriseFrame(svgDocument(video, parts.join('')), width, height).then((rgba) => rgbaToYuv420(rgba, width, height));
    }
    // Awaited in order below; this only keeps a failure from being reported as unhandled meanwhile.
    next.catch(() => undefined);
    previous = next;
    return next;
  }

  const window: Promise<Buffer>[] = [];
  let planned = 0;
  while (planned < total || window.length > 0) {
    while (window.length < parallel && planned < total) window.push(plan(planned++));
    yield await (window.shift() as Promise<Buffer>);
  }
}
