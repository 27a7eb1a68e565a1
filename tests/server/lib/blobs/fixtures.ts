import { Readable } from 'node:stream';

/** The first bytes of each kind, padded: enough for file-type to recognise it. */
export const SAMPLES = {
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]),
  png: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(5000, 7)]),
  pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x20)]),
  webp: Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(5000, 7)]),
  zip: zipSample(),
  xml: Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<OfflinePaperlessKyc referenceId="1"><UidData/></OfflinePaperlessKyc>'),
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  xmlSvg: Buffer.from('<?xml version="1.0"?>\n<!-- a drawing -->\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};

/** One local file header of a ZIP (as in a UIDAI offline e-KYC file), then filler. */
function zipSample(): Buffer {
  const header = Buffer.alloc(30);
  header.write('PK\x03\x04', 0, 'latin1');
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt16LE(12, 26);
  return Buffer.concat([header, Buffer.from('offline1.xml'), Buffer.alloc(500, 1)]);
}

/** A source that never ends, counting what was pulled from it: proves a reader stopped early. */
export function endless(head: Buffer, pieceBytes = 64 * 1024): { source: Readable; pulled: () => number } {
  let pulled = 0;
  async function* pieces(): AsyncGenerator<Buffer> {
    pulled += head.length;
    yield head;
    for (;;) {
      pulled += pieceBytes;
      yield Buffer.alloc(pieceBytes, 1);
    }
  }
  return { source: Readable.from(pieces(), { objectMode: false }), pulled: () => pulled };
}

/** `buffer` in pieces of odd sizes, as a network would hand it over. */
export function inPieces(buffer: Buffer, pieceBytes = 100_003): Readable {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < buffer.length; offset += pieceBytes) pieces.push(buffer.subarray(offset, offset + pieceBytes));
  return Readable.from(pieces, { objectMode: false });
}

export async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}
