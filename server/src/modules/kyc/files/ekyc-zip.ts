import {
  ERR_ENCRYPTED,
  ERR_INVALID_COMPRESSED_DATA,
  ERR_INVALID_CRC32,
  ERR_INVALID_PASSWORD,
  ERR_INVALID_UNCOMPRESSED_SIZE,
  Uint8ArrayReader,
  ZipReader,
  configure,
  type Entry,
} from '@zip.js/zip.js';
import { HttpError } from '../../../errors.js';

// UIDAI hands out the offline e-KYC as a ZIP locked with the 4-character share code the holder
// chose: classic ZipCrypto in the files seen so far; AES is read too, should UIDAI move to it.
// zip.js reads both (yauzl and fflate, already here, decrypt neither). The file holds one XML of some 100 KB, so anything
// else is refused, and inflating stops at a cap: at the size the headers declare (zip.js checks
// it as it inflates) and, should that ever be skipped, at our own count of the bytes coming out,
// so a small ZIP that inflates to gigabytes never fills memory.

/** Far above a real offline e-KYC XML (photo included), far below what would hurt. */
export const EKYC_MAX_XML_BYTES = 5 * 1024 * 1024;

// Workers would load a script per call; the XML is small, so inflate in this thread.
configure({ useWebWorkers: false });

class TooLarge extends Error {}

const notEkyc = () => new HttpError(422, 'kycAadhaarXmlInvalid');

/** A WritableStream that keeps at most `cap` bytes and errors past it. */
function cappedSink(cap: number): { stream: WritableStream<Uint8Array>; bytes: () => Buffer } {
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new WritableStream<Uint8Array>({
    write(chunk) {
      total += chunk.byteLength;
      if (total > cap) throw new TooLarge();
      parts.push(chunk);
    },
  });
  return { stream, bytes: () => Buffer.concat(parts) };
}

/** What a failed read means: zip.js names its failures by message (its ERR_* constants). */
function readFailure(entry: Entry, error: unknown): HttpError {
  const message = error instanceof Error ? error.message : '';
  if (error instanceof TooLarge || (error instanceof Error && error.cause instanceof TooLarge) || message === ERR_INVALID_UNCOMPRESSED_SIZE) {
    return notEkyc();
  }
  // ERR_ENCRYPTED: no code given for an encrypted entry.
  if (message === ERR_INVALID_PASSWORD || message === ERR_ENCRYPTED) return new HttpError(422, 'kycShareCode');
  // ZipCrypto checks a code on one byte: a wrong code passes 1 time in 256 and then fails as
  // bad data or a bad CRC, which a damaged entry does too. zip.js cannot tell them apart, so
  // the likelier is named.
  if (entry.zipCrypto && (message === ERR_INVALID_CRC32 || message === ERR_INVALID_COMPRESSED_DATA)) return new HttpError(422, 'kycShareCode');
  return notEkyc();
}

async function readEntry(entry: Entry, shareCode: string): Promise<Buffer> {
  if (entry.directory || entry.uncompressedSize > EKYC_MAX_XML_BYTES) throw notEkyc();
  const sink = cappedSink(EKYC_MAX_XML_BYTES);
  try {
    await entry.getData(sink.stream, { password: shareCode, checkCrc32: true });
  } catch (error) {
    throw readFailure(entry, error);
  }
  return sink.bytes();
}

/**
 * The XML inside a UIDAI offline e-KYC ZIP, opened with the share code.
 * Wrong code → HttpError 422 `kycShareCode`; not a ZIP of one small file → `kycAadhaarXmlInvalid`.
 * An unencrypted ZIP is read as is: the XML signature, not the code, is what vouches for it.
 */
export async function readEkycZip(data: Buffer, shareCode: string): Promise<Buffer> {
  const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
  try {
    let entries: Entry[];
    try {
      entries = await reader.getEntries();
    } catch {
      throw notEkyc();
    }
    const [entry] = entries;
    if (entries.length !== 1 || !entry || !/\.xml$/i.test(entry.filename)) throw notEkyc();
    return await readEntry(entry, shareCode);
  } finally {
    await reader.close();
  }
}
