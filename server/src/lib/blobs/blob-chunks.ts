import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Queryable } from '../../db/index.js';
import { newFileKey, openChunk, sealChunk, unwrapFileKey, wrapFileKey } from './blob-cipher.js';
import { BlobUnreadableError, type BlobContent, type BlobInput, type BlobMeta, type BlobSource, type StagedBlob, type StoredBlob } from './blob-store.js';

// What every BlobStore adapter shares: the meta row in `blobs` (the commit point, written in
// the caller's transaction), and the file cut into fixed-size chunks, each sealed on its own
// (blob-cipher.ts). Adapters differ only in where the sealed chunks live (rows, files).

/** Plaintext bytes per chunk: small enough that no value is large, large enough that a 10 MB file is 40 chunks. */
export const DEFAULT_CHUNK_BYTES = 256 * 1024;
/** A staged upload not committed by then was abandoned (its request failed or its process died). */
export const STAGED_LIFETIME_MS = 60 * 60 * 1000;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pg answers bytea as a Buffer, PGlite as a Uint8Array: one view of the same bytes either way. */
export const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** The meta row with what reading the chunks needs. */
export interface StoredMeta extends BlobMeta {
  chunkSize: number;
  chunkCount: number;
  wrappedKey: Buffer;
}

interface MetaRow {
  id: string;
  content_type: string;
  filename: string;
  size: string | number;
  sha256: string;
  chunk_size: number;
  chunk_count: number;
  wrapped_key: Uint8Array;
  created_at: Date;
}

export async function readStoredMeta(q: Queryable, id: string): Promise<StoredMeta | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await q.query<MetaRow>(
    'SELECT id, content_type, filename, size, sha256, chunk_size, chunk_count, wrapped_key, created_at FROM blobs WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    contentType: row.content_type,
    filename: row.filename,
    size: Number(row.size),
    sha256: row.sha256,
    createdAt: row.created_at,
    chunkSize: row.chunk_size,
    chunkCount: row.chunk_count,
    wrappedKey: asBuffer(row.wrapped_key),
  };
}

export function publicMeta(found: StoredMeta | null): BlobMeta | null {
  return found && { id: found.id, contentType: found.contentType, filename: found.filename, size: found.size, sha256: found.sha256, createdAt: found.createdAt };
}

/** The commit point: once this row is committed the file exists, and not before. */
export async function insertMeta(tx: Queryable, staged: StagedBlob): Promise<StoredBlob> {
  const { id, size, sha256 } = staged;
  await tx.query(
    `INSERT INTO blobs (id, content_type, filename, size, sha256, chunk_size, chunk_count, wrapped_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, staged.contentType, staged.filename, size, sha256, staged.chunkSize, staged.chunkCount, staged.wrappedKey],
  );
  return { id, size, sha256 };
}

/** True when the row existed. */
export async function deleteMeta(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>('DELETE FROM blobs WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** Slices any source into chunks of exactly `size` bytes (the last one shorter, possibly empty). */
async function* fixedChunks(source: BlobSource, size: number): AsyncGenerator<{ bytes: Buffer; last: boolean }> {
  const iterable: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = source instanceof Uint8Array ? [source] : source;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of iterable) {
    let rest = asBuffer(piece);
    while (rest.length > 0) {
      const take = Math.min(rest.length, size - pendingBytes);
      pending.push(rest.subarray(0, take));
      pendingBytes += take;
      rest = rest.subarray(take);
      // A full chunk waits for one more byte before it goes: only then is it known not to be the last.
      if (pendingBytes === size && rest.length > 0) {
        yield { bytes: Buffer.concat(pending), last: false };
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  yield { bytes: Buffer.concat(pending), last: true };
}

/**
 * Encrypts `source` under a new file key, handing each sealed chunk to `write` in order as
 * the source arrives; answers what commit() needs. The meta row is not written here.
 */
export async function sealChunks(
  source: BlobSource,
  input: BlobInput,
  { id, wrapKey, chunkBytes }: { id: string; wrapKey: Buffer; chunkBytes: number },
  write: (seq: number, sealed: Buffer) => Promise<void>,
): Promise<StagedBlob> {
  const fileKey = newFileKey();
  const digest = createHash('sha256');
  let size = 0;
  let seq = 0;
  for await (const { bytes, last } of fixedChunks(source, chunkBytes)) {
    digest.update(bytes);
    size += bytes.length;
    await write(seq, sealChunk(fileKey, id, seq, last, bytes));
    seq += 1;
  }
  const { contentType, filename } = input;
  return { id, size, sha256: digest.digest('hex'), contentType, filename, chunkSize: chunkBytes, chunkCount: seq, wrappedKey: wrapFileKey(wrapKey, fileKey, id) };
}

/** Reads one sealed chunk; null when it is not there. */
export type ChunkReader = (seq: number) => Promise<Buffer | null>;

/**
 * The file (or bytes `range.start`..`range.end`, inclusive, end clipped) of a meta row: the
 * key is unwrapped before anything is returned (a wrong key fails the call, not a half-sent
 * download), then the covered chunks are read and decrypted one at a time as the reader pulls.
 */
export function openStored(found: StoredMeta, wrapKey: Buffer, readChunk: ChunkReader, range?: { start: number; end: number }): BlobContent {
  const { chunkSize, chunkCount, wrappedKey, ...meta } = found;
  const { id } = meta;
  const start = range?.start ?? 0;
  const end = Math.min(range?.end ?? meta.size - 1, meta.size - 1);
  if (range && (!Number.isSafeInteger(start) || !Number.isSafeInteger(range.end) || start < 0 || start > end)) {
    throw new RangeError(`range ${range.start}-${range.end} is not within the ${meta.size} bytes of ${id}`);
  }
  const unwrapped = unwrapFileKey(wrapKey, wrappedKey, id);
  if (!unwrapped) throw new BlobUnreadableError(id, 'the master key (KYC_MASTER_KEY) does not open its key');
  const fileKey: Buffer = unwrapped;
  const length = Math.max(0, end - start + 1);
  const first = Math.floor(start / chunkSize);
  const lastSeq = length === 0 ? first : Math.floor(end / chunkSize);

  async function* plaintext(): AsyncGenerator<Buffer> {
    let toSkip = start - first * chunkSize;
    let remaining = length;
    for (let seq = first; seq <= lastSeq && remaining > 0; seq += 1) {
      const sealed = await readChunk(seq);
      if (!sealed) throw new BlobUnreadableError(id, `chunk ${seq} is missing`);
      const opened = openChunk(fileKey, id, seq, seq === chunkCount - 1, sealed);
      if (!opened) throw new BlobUnreadableError(id, `chunk ${seq} does not decrypt (altered?)`);
      const piece = opened.subarray(toSkip, toSkip + remaining);
      toSkip = 0;
      remaining -= piece.length;
      if (piece.length > 0) yield piece;
    }
  }
  return { meta, stream: Readable.from(plaintext(), { objectMode: false }) };
}
