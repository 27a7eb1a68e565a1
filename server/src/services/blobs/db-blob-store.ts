import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db, Queryable } from '../../db/index.js';
import { fileKeyWrapKey, newFileKey, openChunk, sealChunk, unwrapFileKey, wrapFileKey } from './blob-cipher.js';
import { BlobUnreadableError, type BlobContent, type BlobInput, type BlobMeta, type BlobSource, type BlobStore, type StagedBlob, type StoredBlob } from './blob-store.js';

// The default BlobStore: files in the database, so stateless instances behind one PostgreSQL
// all see every file and a database backup holds them (encrypted; the key is not in it).

/** Plaintext bytes per chunk: small enough that no value is large, large enough that a 10 MB file is 40 rows. */
export const DEFAULT_CHUNK_BYTES = 256 * 1024;
/** A staged upload not committed by then was abandoned (its request failed or its process died). */
export const STAGED_LIFETIME_MS = 60 * 60 * 1000;

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

/** pg answers bytea as a Buffer, PGlite as a Uint8Array: one view of the same bytes either way. */
const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
 * How chunk bytes cross to the database. PGlite's own bytea conversion goes byte by byte in
 * JavaScript (some 1.2 s to store 10 MB): there, chunks travel as hex text converted by
 * Buffer and decoded by the database. pg sends and returns bytea natively.
 */
function chunkSql(kind: Db['kind']) {
  return kind === 'pglite'
    ? {
        insert: "INSERT INTO blob_chunks (blob_id, seq, data) VALUES ($1, $2, decode($3, 'hex'))",
        param: (bytes: Buffer): unknown => bytes.toString('hex'),
        select: "SELECT encode(data, 'hex') AS data FROM blob_chunks WHERE blob_id = $1 AND seq = $2",
        bytes: (value: unknown) => Buffer.from(value as string, 'hex'),
      }
    : {
        insert: 'INSERT INTO blob_chunks (blob_id, seq, data) VALUES ($1, $2, $3)',
        param: (bytes: Buffer): unknown => bytes,
        select: 'SELECT data FROM blob_chunks WHERE blob_id = $1 AND seq = $2',
        bytes: (value: unknown) => asBuffer(value as Uint8Array),
      };
}

export function createDbBlobStore(db: Db, masterKey: Buffer, chunkBytes = DEFAULT_CHUNK_BYTES): BlobStore {
  const wrapKey = fileKeyWrapKey(masterKey);
  const chunks = chunkSql(db.kind);

  async function readMeta(id: string, q: Queryable): Promise<(BlobMeta & { chunkSize: number; chunkCount: number; wrappedKey: Buffer }) | null> {
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

  /** Decrypts chunks `first`..`lastSeq` one query at a time as the reader pulls, trimmed to [skip, skip+length). */
  function chunkStream(q: Queryable, id: string, fileKey: Buffer, chunkCount: number, first: number, lastSeq: number, skip: number, length: number): Readable {
    async function* plaintext(): AsyncGenerator<Buffer> {
      let toSkip = skip;
      let remaining = length;
      for (let seq = first; seq <= lastSeq && remaining > 0; seq += 1) {
        const { rows } = await q.query<{ data: unknown }>(chunks.select, [id, seq]);
        const sealed = rows[0];
        if (!sealed) throw new BlobUnreadableError(id, `chunk ${seq} is missing`);
        const opened = openChunk(fileKey, id, seq, seq === chunkCount - 1, chunks.bytes(sealed.data));
        if (!opened) throw new BlobUnreadableError(id, `chunk ${seq} does not decrypt (altered?)`);
        const piece = opened.subarray(toSkip, toSkip + remaining);
        toSkip = 0;
        remaining -= piece.length;
        if (piece.length > 0) yield piece;
      }
    }
    return Readable.from(plaintext(), { objectMode: false });
  }

  async function open(id: string, q: Queryable, range?: { start: number; end: number }): Promise<BlobContent | null> {
    const found = await readMeta(id, q);
    if (!found) return null;
    const { chunkSize, chunkCount, wrappedKey, ...meta } = found;
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? meta.size - 1, meta.size - 1);
    if (range && (!Number.isSafeInteger(start) || !Number.isSafeInteger(range.end) || start < 0 || start > end)) {
      throw new RangeError(`range ${range.start}-${range.end} is not within the ${meta.size} bytes of ${id}`);
    }
    const fileKey = unwrapFileKey(wrapKey, wrappedKey, id);
    // Checked before any byte is sent: a wrong key fails the call, not a half-sent download.
    if (!fileKey) throw new BlobUnreadableError(id, 'the master key (KYC_MASTER_KEY) does not open its key');
    const length = Math.max(0, end - start + 1);
    const first = Math.floor(start / chunkSize);
    const lastSeq = length === 0 ? first : Math.floor(end / chunkSize);
    return { meta, stream: chunkStream(q, id, fileKey, chunkCount, first, lastSeq, start - first * chunkSize, length) };
  }

  /** Encrypts and writes the chunks through `q`; the meta row is commit()'s. */
  async function writeChunks(q: Queryable, id: string, source: BlobSource, input: BlobInput): Promise<StagedBlob> {
    const fileKey = newFileKey();
    const digest = createHash('sha256');
    let size = 0;
    let seq = 0;
    for await (const { bytes, last } of fixedChunks(source, chunkBytes)) {
      digest.update(bytes);
      size += bytes.length;
      await q.query(chunks.insert, [id, seq, chunks.param(sealChunk(fileKey, id, seq, last, bytes))]);
      seq += 1;
    }
    const { contentType, filename } = input;
    return { id, size, sha256: digest.digest('hex'), contentType, filename, chunkSize: chunkBytes, chunkCount: seq, wrappedKey: wrapFileKey(wrapKey, fileKey, id) };
  }

  async function commit(tx: Queryable, staged: StagedBlob): Promise<StoredBlob> {
    const { id, size, sha256 } = staged;
    await tx.query(
      `INSERT INTO blobs (id, content_type, filename, size, sha256, chunk_size, chunk_count, wrapped_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, staged.contentType, staged.filename, size, sha256, staged.chunkSize, staged.chunkCount, staged.wrappedKey],
    );
    await tx.query('DELETE FROM blob_staging WHERE blob_id = $1', [id]);
    return { id, size, sha256 };
  }

  async function dropChunks(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM blob_chunks WHERE blob_id = $1', [id]);
    await q.query('DELETE FROM blob_staging WHERE blob_id = $1', [id]);
  }

  return {
    async put(tx: Queryable, source: BlobSource, input: BlobInput): Promise<StoredBlob> {
      return commit(tx, await writeChunks(tx, randomUUID(), source, input));
    },
    async stage(source: BlobSource, input: BlobInput): Promise<StagedBlob> {
      const id = randomUUID();
      // First: a crash from here on leaves a row that pruneStaged() finds.
      await db.query('INSERT INTO blob_staging (blob_id) VALUES ($1)', [id]);
      try {
        return await writeChunks(db, id, source, input);
      } catch (error) {
        await dropChunks(db, id);
        throw error;
      }
    },
    commit,
    async discard(staged: StagedBlob): Promise<void> {
      // Only while still staged: a committed file is delete()'s to remove.
      const { rows } = await db.query('DELETE FROM blob_staging WHERE blob_id = $1 RETURNING blob_id', [staged.id]);
      if (rows.length > 0) await db.query('DELETE FROM blob_chunks WHERE blob_id = $1', [staged.id]);
    },
    async pruneStaged(olderThanMs = STAGED_LIFETIME_MS): Promise<number> {
      const { rows } = await db.query<{ blob_id: string }>(
        "SELECT blob_id FROM blob_staging WHERE created_at < now() - $1 * interval '1 millisecond' ORDER BY created_at LIMIT 100",
        [olderThanMs],
      );
      for (const { blob_id: id } of rows) await dropChunks(db, id);
      return rows.length;
    },
    async meta(id, q = db) {
      const found = await readMeta(id, q);
      return found && { id: found.id, contentType: found.contentType, filename: found.filename, size: found.size, sha256: found.sha256, createdAt: found.createdAt };
    },
    get: (id, q = db) => open(id, q),
    getRange: (id, start, end, q = db) => open(id, q, { start, end }),
    async delete(tx: Queryable, id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      await tx.query('DELETE FROM blob_chunks WHERE blob_id = $1', [id]);
      const { rows } = await tx.query<{ id: string }>('DELETE FROM blobs WHERE id = $1 RETURNING id', [id]);
      return rows.length > 0;
    },
  };
}
