// RGBA frames to planar YUV 4:2:0 (BT.709, limited range), what libx264 encodes for browsers.
// Done here rather than by ffmpeg's swscale because a chart video repeats most frames: a frame
// converted once is piped as often as it repeats at 3/8 of the RGBA size, and ffmpeg does no
// per-frame conversion at all (measured: swscale's RGBA conversion cost about as much CPU as
// encoding the frame; see bench/render.ts). Alpha is ignored: every frame paints its background.

// BT.709 coefficients scaled to limited range (219 luma and 224 chroma steps over 255), in 16-bit fixed point.
const FIXED = 1 << 16;
const KR = 0.2126;
const KB = 0.0722;
const KG = 1 - KR - KB;
const Y_SCALE = (219 / 255) * FIXED;
const C_SCALE = (224 / 255) * FIXED;
const YR = Math.round(KR * Y_SCALE);
const YG = Math.round(KG * Y_SCALE);
const YB = Math.round(KB * Y_SCALE);
const UR = Math.round((-KR / (2 * (1 - KB))) * C_SCALE);
const UG = Math.round((-KG / (2 * (1 - KB))) * C_SCALE);
const UB = Math.round(0.5 * C_SCALE);
const VR = Math.round(0.5 * C_SCALE);
const VG = Math.round((-KG / (2 * (1 - KR))) * C_SCALE);
const VB = Math.round((-KB / (2 * (1 - KR))) * C_SCALE);

/** Bytes of one YUV 4:2:0 frame. */
export function yuv420Size(width: number, height: number): number {
  return width * height + 2 * (width / 2) * (height / 2);
}

// Pixels are read as 32-bit words (four times fewer reads than bytes): where each byte sits depends on the platform.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const R_SHIFT = LITTLE_ENDIAN ? 0 : 24;
const G_SHIFT = LITTLE_ENDIAN ? 8 : 16;
const B_SHIFT = LITTLE_ENDIAN ? 16 : 8;

/**
 * The frame as Y, then U, then V planes. Width and height must be even (templates only allow
 * even sizes); each chroma sample is the mean of its 2x2 block.
 */
export function rgbaToYuv420(rgba: Uint8Array, width: number, height: number): Buffer {
  if (width % 2 !== 0 || height % 2 !== 0) throw new RangeError('YUV 4:2:0 needs an even width and height');
  if (rgba.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`);
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : Uint8Array.from(rgba);
  const pixels = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  // A plain Uint8Array: V8 stores into it faster than into a Buffer (a subclass).
  const out = new Uint8Array(yuv420Size(width, height));
  const uOffset = width * height;
  const vOffset = uOffset + (width / 2) * (height / 2);
  const half = FIXED / 2;
  let chroma = 0;
  for (let y = 0; y < height; y += 2) {
    const rowEnd = (y + 1) * width;
    for (let top = y * width; top < rowEnd; top += 2) {
      const bottom = top + width;
      const p0 = pixels[top] as number;
      const p1 = pixels[top + 1] as number;
      const p2 = pixels[bottom] as number;
      const p3 = pixels[bottom + 1] as number;
      const r0 = (p0 >>> R_SHIFT) & 255, g0 = (p0 >>> G_SHIFT) & 255, b0 = (p0 >>> B_SHIFT) & 255;
      const r1 = (p1 >>> R_SHIFT) & 255, g1 = (p1 >>> G_SHIFT) & 255, b1 = (p1 >>> B_SHIFT) & 255;
      const r2 = (p2 >>> R_SHIFT) & 255, g2 = (p2 >>> G_SHIFT) & 255, b2 = (p2 >>> B_SHIFT) & 255;
      const r3 = (p3 >>> R_SHIFT) & 255, g3 = (p3 >>> G_SHIFT) & 255, b3 = (p3 >>> B_SHIFT) & 255;
      out[top] = ((YR * r0 + YG * g0 + YB * b0 + half) >> 16) + 16;
      out[top + 1] = ((YR * r1 + YG * g1 + YB * b1 + half) >> 16) + 16;
      out[bottom] = ((YR * r2 + YG * g2 + YB * b2 + half) >> 16) + 16;
      out[bottom + 1] = ((YR * r3 + YG * g3 + YB * b3 + half) >> 16) + 16;
      const r = r0 + r1 + r2 + r3;
      const g = g0 + g1 + g2 + g3;
      const b = b0 + b1 + b2 + b3;
      // Sums of four samples: two more bits to shift away, and the rounding half scaled with them.
      out[uOffset + chroma] = ((UR * r + UG * g + UB * b + half * 4) >> 18) + 128;
      out[vOffset + chroma] = ((VR * r + VG * g + VB * b + half * 4) >> 18) + 128;
      chroma += 1;
    }
  }
  return Buffer.from(out.buffer, out.byteOffset, out.length);
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Patch {
  region: Region;
  /** YUV 4:2:0 of the region's size. */
  yuv: Uint8Array;
}

/**
 * A copy of the whole `frame` (YUV 4:2:0, `width` x `height`) with each patch's region replaced,
 * in order. Regions' corners must be even, so chroma samples align.
 */
export function patchYuv420(frame: Uint8Array, width: number, height: number, patches: Patch[]): Buffer {
  const out = Buffer.from(frame);
  for (const { region, yuv } of patches) {
    const { x, y, width: patchWidth, height: patchHeight } = region;
    if ([x, y, patchWidth, patchHeight].some((value) => value % 2 !== 0)) throw new RangeError('YUV 4:2:0 regions need even corners');
    if (x + patchWidth > width || y + patchHeight > height) throw new RangeError('the region lies outside the frame');
    const planes = [
      { frameOffset: 0, patchOffset: 0, scale: 1 },
      { frameOffset: width * height, patchOffset: patchWidth * patchHeight, scale: 2 },
      { frameOffset: width * height * 1.25, patchOffset: patchWidth * patchHeight * 1.25, scale: 2 },
    ];
    for (const { frameOffset, patchOffset, scale } of planes) {
      const rowBytes = patchWidth / scale;
      for (let row = 0; row < patchHeight / scale; row += 1) {
        const from = patchOffset + row * rowBytes;
        out.set(yuv.subarray(from, from + rowBytes), frameOffset + (y / scale + row) * (width / scale) + x / scale);
      }
    }
  }
  return out;
}
