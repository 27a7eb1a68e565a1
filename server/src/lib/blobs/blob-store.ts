import type { Readable } from 'node:stream';
import type { Queryable } from '../../db/index.js';

// Where uploaded files (KYC documents, finview files) live. Callers see this interface only,
// so the default database adapter (db-blob-store.ts) can be swapped for another (files under
// BLOB_DIR for large deployments, fs-blob-store.ts; an object store later) without touching them.

export interface BlobInput {
  /** The type sniffed from the bytes (sniff.ts), never the one the client declared. */
  contentType: string;
  /** The client's name for the file: shown and offered on download only, never trusted. */
  filename: string;
}

export interface StoredBlob {
  id: string;
  /** Bytes of the plaintext. */
  size: number;
  /** SHA-256 of the plaintext, hex. */
  sha256: string;
}

export interface BlobMeta extends StoredBlob, BlobInput {
  createdAt: Date;
}

export interface BlobContent {
  meta: BlobMeta;
  /** The plaintext, read and decrypted chunk by chunk as it is consumed. */
  stream: Readable;
}

/** What put() reads: a buffer, a Node stream, or any async iterable of bytes (sniff.ts's bounded stream). */
export type BlobSource = Buffer | Uint8Array | AsyncIterable<Uint8Array>;

/** A file written but not yet committed: commit() it within the transaction that refers to it. */
export interface StagedBlob extends StoredBlob, BlobInput {
  readonly chunkSize: number;
  readonly chunkCount: number;
  readonly wrappedKey: Buffer;
}

export interface BlobStore {
  /**
   * Stores the file within the caller's transaction (so the row that refers to it commits
   * with it, or neither does). Consumes `source` while the transaction is open: for bytes
   * already at hand (a re-rendered image). For uploads from the network use stage().
   */
  put(tx: Queryable, source: BlobSource, input: BlobInput): Promise<StoredBlob>;
  /**
   * Writes the file's chunks as `source` arrives, each in its own short statement, holding no
   * transaction while a slow client sends (on PGlite a transaction holds the only connection;
   * on PostgreSQL one of the pool's ten). An error from the source (a size limit) deletes what
   * was written and rejects. Not visible to get() until commit().
   */
  stage(source: BlobSource, input: BlobInput): Promise<StagedBlob>;
  /** Makes a staged file stored, in the caller's transaction; a rollback leaves it staged (pruned after an hour). */
  commit(tx: Queryable, staged: StagedBlob): Promise<StoredBlob>;
  /** Drops a staged file at once (the caller's work failed); harmless after commit()'s rollback or a prune. */
  discard(staged: StagedBlob): Promise<void>;
  /**
   * Deletes files staged longer than `olderThanMs` ago and never committed; returns how many.
   * (The filesystem adapter also removes here the chunks of files whose delete() committed.)
   */
  pruneStaged(olderThanMs?: number): Promise<number>;
  /** The meta, without reading the content; null when there is no such file. */
  meta(id: string, q?: Queryable): Promise<BlobMeta | null>;
  /** The whole file; null when there is none. Rejects with BlobUnreadableError when the master key does not open it. */
  get(id: string, q?: Queryable): Promise<BlobContent | null>;
  /**
   * Bytes `start` to `end`, both inclusive as in an HTTP `Range: bytes=start-end`; `end` is
   * clipped to the last byte. Reads only the chunks the range covers. Null when there is no
   * such file; RangeError when `start` is past the end or the range is inverted.
   */
  getRange(id: string, start: number, end: number, q?: Queryable): Promise<BlobContent | null>;
  /** True when the file existed. Its chunks go with it. */
  delete(tx: Queryable, id: string): Promise<boolean>;
}

/**
 * A stored file that the current master key cannot open (KYC_MASTER_KEY changed or lost),
 * or whose ciphertext was altered: no plaintext is ever returned for it.
 */
export class BlobUnreadableError extends Error {
  constructor(readonly blobId: string, reason: string) {
    super(`stored file ${blobId} cannot be read: ${reason}`);
    this.name = 'BlobUnreadableError';
  }
}
