import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maskImage, prepareImage } from '../../../server/src/modules/kyc/files/images';
import { HttpError } from '../../../server/src/errors';
import { pixelBombPng, photoWithExif } from './kyc-fixtures';

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('KYC images', () => {
  it('turns a phone photo upright by its EXIF orientation and drops EXIF, GPS and ICC', async () => {
    const original = await photoWithExif();
    const before = await sharp(original).metadata();
    // The fixture really carries what must go: orientation 6, a GPS position, a profile.
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    expect(original.includes(Buffer.from('GPS-SECRET-CAMERA'))).toBe(true);
    expect(before.icc).toBeDefined();
    expect([before.width, before.height]).toEqual([300, 200]);

    const prepared = await prepareImage(original);
    const after = await sharp(prepared.data).metadata();
    expect(prepared.contentType).toBe('image/jpeg');
    expect(after.format).toBe('jpeg');
    // Orientation 6 is "rotate 90° clockwise to view": the stored image is upright, 200×300.
    expect([prepared.width, prepared.height]).toEqual([200, 300]);
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(prepared.data.includes(Buffer.from('Exif'))).toBe(false);
    expect(prepared.data.includes(Buffer.from('GPS-SECRET-CAMERA'))).toBe(false);
    // The top-left of the upright image is the original's bottom-left corner, which is red.
    const { data } = await sharp(prepared.data).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
  });

  it('keeps PNG and WebP in their own format', async () => {
    for (const format of ['png', 'webp'] as const) {
      const input = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
        .toFormat(format)
        .withMetadata({ orientation: 8 })
        .toBuffer();
      const prepared = await prepareImage(input);
      expect(prepared.contentType).toBe(`image/${format}`);
      expect((await sharp(prepared.data).metadata()).format).toBe(format);
      expect([prepared.width, prepared.height]).toEqual([30, 40]);
    }
  });

  it('refuses a pixel bomb from its header, at once', async () => {
    const bomb = pixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1000);
    const started = performance.now();
    const error = await refusal(prepareImage(bomb));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('kycImageTooLarge');
    expect(error.params).toEqual({ megapixels: 40 });
  });

  it('refuses bytes that are not a whole image', async () => {
    const photo = await photoWithExif();
    for (const bad of [Buffer.from('not an image at all'), photo.subarray(0, photo.length / 2)]) {
      const error = await refusal(prepareImage(bad));
      expect([error.statusCode, error.code]).toEqual([422, 'kycImageUnreadable']);
    }
  });

  it('paints rectangles black in the pixels themselves and refuses one outside the image', async () => {
    const input = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const masked = await maskImage(input, 'image/png', [{ x: 10, y: 20, width: 30, height: 10 }]);
    expect(masked.contentType).toBe('image/png');
    expect([masked.width, masked.height]).toEqual([100, 80]);
    const { data, info } = await sharp(masked.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(10, 20)).toEqual([0, 0, 0]);
    expect(pixel(39, 29)).toEqual([0, 0, 0]);
    expect(pixel(40, 29)).toEqual([255, 255, 255]);
    expect(pixel(9, 20)).toEqual([255, 255, 255]);

    for (const rects of [[], [{ x: 90, y: 0, width: 11, height: 5 }], [{ x: -1, y: 0, width: 5, height: 5 }], [{ x: 0, y: 0, width: 0, height: 5 }]]) {
      const error = await refusal(maskImage(input, 'image/png', rects));
      expect([error.statusCode, error.reasons]).toEqual([422, { rects: { code: 'maskArea' } }]);
    }
  });
});
