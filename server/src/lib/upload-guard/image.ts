import type SharpModule from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import type { FieldRefusal } from '../../errors.js';
import { HttpError } from '../../errors.js';
import type { ServerMessageCode } from '../../../../common/messages.js';
import { serverSharp } from '../server-sharp.js';

// The one door every image the server decodes goes through (issue 23): uploads (KYC files, the
// finview settings logo), template logos, and the data: images an SVG carries into librsvg when
// sharp rasterises a frame. A PNG of a few hundred kilobytes can declare 10000×10000 pixels, and
// decoding it costs 400 MB; so the size is read from the header first (sharp's metadata() reads
// only the header), an image over the limit is refused before one pixel is decoded, and every
// decode is opened with `limitInputPixels`, so libvips itself stops one the header lied about.

/**
 * Logos (settings, templates): about as many pixels as the largest frame (3840×2160); drawn into
 * a frame by librsvg, one costs ~11 bytes a pixel (bench/image-bomb.ts: 16 MP took +172 MiB), so
 * 8 MP stays under +100 MB.
 */
export const LOGO_MAX_PIXELS = 8_000_000;

/** Formats read from a header: every one sharp (libvips) or librsvg might be handed. */
export interface ImageHeader {
  format: string;
  width: number;
  height: number;
}

/** Where and how a refusal is worded; by default the generic `imageTooLarge` / `imageUnreadable`. */
export interface ImageRefusal {
  /** The field the image came in (e.g. `logo`, `body.scenes.2.image`): its reason goes there too. */
  field?: string;
  tooLargeCode?: ServerMessageCode;
  unreadableCode?: ServerMessageCode;
}

let loadSharp: () => Promise<typeof SharpModule> = serverSharp;

/**
 * A process that wants libvips' defaults rather than the server's one thread and no cache
 * (the render child, server-sharp.ts) says which sharp to use; the checks stay the same.
 */
export function decodeWith(load: () => Promise<typeof SharpModule>): void {
  loadSharp = load;
}

const megapixels = (maxPixels: number) => Math.round(maxPixels / 100_000) / 10;

function unreadable(refusal: ImageRefusal): HttpError {
  const fields: Record<string, FieldRefusal> | undefined = refusal.field ? { [refusal.field]: 'imageNotReadable' } : undefined;
  return new HttpError(422, refusal.unreadableCode ?? 'imageUnreadable', fields);
}

/** The 422 for an image over `maxPixels` (also for a decode libvips stopped at `limitInputPixels`). */
export function imageTooLarge(maxPixels: number, refusal: ImageRefusal = {}): HttpError {
  const params = { megapixels: megapixels(maxPixels) };
  const fields: Record<string, FieldRefusal> | undefined = refusal.field ? { [refusal.field]: { code: 'imagePixels', params } } : undefined;
  return new HttpError(422, refusal.tooLargeCode ?? 'imageTooLarge', fields, { params });
}

/** Whether an error is libvips refusing an image over `limitInputPixels`. */
export function isPixelLimitError(error: unknown): boolean {
  return /pixel limit/i.test(String((error as Error | undefined)?.message));
}

/** Format, width and height from the header alone (nothing is decoded); 422 when it is no image. */
export async function readImageHeader(bytes: Uint8Array, refusal: ImageRefusal = {}): Promise<ImageHeader> {
  const sharp = await loadSharp();
  try {
    // limitInputPixels off: the header is read to be judged here, with a clear message.
    const { format, width, height } = await sharp(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { limitInputPixels: false }).metadata();
    if (format && width && height) return { format, width, height };
  } catch {
    // Falls through to the refusal.
  }
  throw unreadable(refusal);
}

/** The header, when the image has at most `maxPixels`; else 422 `imageTooLarge` (or the caller's code). */
export async function assertImagePixels(bytes: Uint8Array, maxPixels: number, refusal: ImageRefusal = {}): Promise<ImageHeader> {
  const header = await readImageHeader(bytes, refusal);
  if (header.width * header.height > maxPixels) throw imageTooLarge(maxPixels, refusal);
  return header;
}

const DATA_URL = /^data:([^;,]*)(;base64)?,(.*)$/s;
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** The bytes of a base64 data URL of a raster image; null when it is anything else. */
export function dataUrlBytes(dataUrl: string): Buffer | null {
  const match = DATA_URL.exec(dataUrl);
  if (!match || !match[2] || !RASTER_TYPES.has((match[1] ?? '').toLowerCase())) return null;
  return Buffer.from(match[3] ?? '', 'base64');
}

/** A data: image URL's header, when it has at most `maxPixels`; a URL that is no raster image is unreadable. */
export async function assertDataUrlPixels(dataUrl: string, maxPixels: number, refusal: ImageRefusal = {}): Promise<ImageHeader> {
  const bytes = dataUrlBytes(dataUrl);
  if (!bytes) throw unreadable(refusal);
  return assertImagePixels(bytes, maxPixels, refusal);
}

// Every reference an SVG makes (href, xlink:href, src); frame-svg.ts escapes attribute values.
const REFERENCE = /\b(?:xlink:href|href|src)\s*=\s*(["'])(.*?)\1/gs;
// A frame is drawn many times with the same logos: each data URL's verdict is kept (a few).
const checked = new Map<string, true>();
const CHECKED_KEPT = 16;

/**
 * Every image an SVG embeds, checked from its header before librsvg decodes it (a
 * `limitInputPixels` on the SVG bounds only the SVG's own size, not what it embeds): a data:
 * raster image over `maxPixels` is refused, any other data: URL (an SVG in an SVG) too.
 */
export async function assertSvgImages(svg: string, maxPixels: number, refusal: ImageRefusal = {}): Promise<void> {
  for (const match of svg.matchAll(REFERENCE)) {
    const url = (match[2] ?? '').trim();
    if (!/^data:/i.test(url) || checked.has(`${maxPixels}:${url}`)) continue;
    await assertDataUrlPixels(url, maxPixels, refusal);
    if (checked.size >= CHECKED_KEPT) checked.delete(checked.keys().next().value as string);
    checked.set(`${maxPixels}:${url}`, true);
  }
}

export interface GuardedSharpOptions extends Omit<SharpOptions, 'limitInputPixels'> {
  /** Pixels the input (for an SVG: the canvas it is drawn on) may have. */
  maxPixels: number;
  /** For an SVG, pixels each image it embeds may have; default: a logo's. */
  embeddedMaxPixels?: number;
  refusal?: ImageRefusal;
}

const isSvg = (input: Buffer | string) => (typeof input === 'string' ? input : input.subarray(0, 512).toString('utf8')).trimStart().startsWith('<');

/**
 * sharp on `input` with `limitInputPixels` always set; the header is checked first, and for an
 * SVG each embedded image too. Errors of the later decode are the caller's: `isPixelLimitError`
 * tells the pixel limit apart.
 */
export async function guardedSharp(input: Buffer | string, options: GuardedSharpOptions): Promise<Sharp> {
  const { maxPixels, embeddedMaxPixels = LOGO_MAX_PIXELS, refusal = {}, ...sharpOptions } = options;
  const bytes = typeof input === 'string' ? Buffer.from(input) : input;
  if (isSvg(input)) await assertSvgImages(typeof input === 'string' ? input : input.toString('utf8'), embeddedMaxPixels, refusal);
  else await assertImagePixels(bytes, maxPixels, refusal);
  const sharp = await loadSharp();
  return sharp(bytes, { ...sharpOptions, limitInputPixels: maxPixels });
}
