import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Files for the KYC tests, made here so each one carries exactly what a test looks for.

/**
 * A 300×200 JPEG as a phone writes it: EXIF orientation 6 (view it turned 90° clockwise), a
 * GPS position and an ICC profile. Blue, with a red square in its bottom-left corner.
 */
export async function photoWithExif(): Promise<Buffer> {
  const red = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 150 }])
    .jpeg()
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'GPS-SECRET-CAMERA' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width × height pixels: a few hundred bytes on the wire, gigabytes decoded. */
export function pixelBombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small upright JPEG, PNG or WebP of one colour. */
export function plainImage(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 120, height = 80, colour = '#c0c0c0'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).toFormat(format).toBuffer();
}
