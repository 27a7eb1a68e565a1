import type { Sharp } from 'sharp';
import { KYC_MAX_PIXELS } from '../../../../../common/domains/kyc/model.js';
import { HttpError } from '../../../errors.js';
import { assertImagePixels, guardedSharp, isPixelLimitError, type ImageRefusal } from '../../../lib/upload-guard/image.js';

// KYC images (issue 11, docs/kyc.md "Files"): decoded under a pixel limit, turned upright by
// their EXIF orientation and re-encoded in their own format with every piece of metadata
// dropped (EXIF with its GPS position, XMP, IPTC, ICC), so what is stored and served is only
// pixels. A decompression bomb (a 20000×20000 PNG is a few kilobytes on the wire) is refused
// from its header, before any pixel is decoded.

// libvips runs one image at a time, on one thread, with no cache (server-sharp.ts).

export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface PreparedImage {
  data: Buffer;
  contentType: ImageContentType;
  width: number;
  height: number;
}

/** A rectangle in the image's own pixels (after the EXIF rotation, as stored). */
export interface MaskRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const FORMATS = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const satisfies Record<string, ImageContentType>;
type Format = keyof typeof FORMATS;

const unreadable = () => new HttpError(422, 'kycImageUnreadable');
const tooLarge = () => new HttpError(422, 'kycImageTooLarge', undefined, { params: { megapixels: KYC_MAX_PIXELS / 1_000_000 } });

// One image at a time in this process: a decoded 40-megapixel image is 120-160 MB.
let lane: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = lane.then(work, work);
  lane = run.catch(() => undefined);
  return run;
}

// The image guard's checks, in KYC's own words.
const REFUSAL: ImageRefusal = { tooLargeCode: 'kycImageTooLarge', unreadableCode: 'kycImageUnreadable' };

function open(data: Buffer): Promise<Sharp> {
  // failOn 'error': a truncated or corrupt file is refused rather than stored half grey.
  return guardedSharp(data, { maxPixels: KYC_MAX_PIXELS, failOn: 'error', sequentialRead: true, refusal: REFUSAL });
}

/** The format and size from the header alone; refuses what is not an image of ours or has too many pixels. */
async function header(data: Buffer): Promise<{ format: Format; width: number; height: number }> {
  const { format, width, height } = await assertImagePixels(data, KYC_MAX_PIXELS, REFUSAL);
  if (!(format in FORMATS)) throw unreadable();
  return { format: format as Format, width, height };
}

function encode(image: Sharp, format: Format): Sharp {
  // sharp writes no metadata unless asked (withMetadata / keepExif / keepIccProfile): none is asked.
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90, mozjpeg: false });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 90 });
  }
}

async function render(pipeline: Sharp, format: Format): Promise<PreparedImage> {
  try {
    const { data, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
    return { data, contentType: FORMATS[format], width: info.width, height: info.height };
  } catch (error) {
    if (isPixelLimitError(error)) throw tooLarge();
    throw unreadable();
  }
}

/** An uploaded JPEG, PNG or WebP, upright and re-encoded in its own format without metadata. */
export function prepareImage(data: Buffer): Promise<PreparedImage> {
  return oneAtATime(async () => {
    const { format } = await header(data);
    // rotate() with no angle applies the EXIF orientation; the orientation tag goes with the rest.
    return render((await open(data)).rotate(), format);
  });
}

/** Whether every rectangle lies inside a width × height image, in whole pixels. */
export function rectsInside(rects: readonly MaskRect[], width: number, height: number): boolean {
  return (
    rects.length > 0 &&
    rects.every(
      (rect) =>
        [rect.x, rect.y, rect.width, rect.height].every(Number.isInteger) &&
        rect.x >= 0 &&
        rect.y >= 0 &&
        rect.width >= 1 &&
        rect.height >= 1 &&
        rect.x + rect.width <= width &&
        rect.y + rect.height <= height,
    )
  );
}

/**
 * The stored image with each rectangle painted opaque black, re-encoded in its format: the
 * covered pixels are gone from the result, not hidden under a layer. 422 `rects: maskArea`
 * when a rectangle is not inside the image.
 */
export function maskImage(data: Buffer, contentType: string, rects: readonly MaskRect[]): Promise<PreparedImage> {
  return oneAtATime(async () => {
    const { format, width, height } = await header(data);
    if (FORMATS[format] !== contentType) throw unreadable();
    if (!rectsInside(rects, width, height)) throw new HttpError(422, 'validation', { rects: 'maskArea' });
    const black = { r: 0, g: 0, b: 0, alpha: 1 };
    const layers = rects.map((rect) => ({
      input: { create: { width: rect.width, height: rect.height, channels: 4 as const, background: black } },
      left: rect.x,
      top: rect.y,
    }));
    return render((await open(data)).composite(layers), format);
  });
}
