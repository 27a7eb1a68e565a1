import type { Readable } from 'node:stream';
import type { Queryable } from '../../db/index.js';

// Where uploaded files (KYC documents, finview files) live. Callers see this interface only,
// so the default database adapter (db-blob-store.ts) can be swapped for another (a filesystem
// or object-store adapter for large deployments: not written yet) without touching them.

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

export interface BlobStore {
  /**
   * Stores the file within the caller's transaction (so the row that refers to it commits
   * with it, or neither does). Consumes `source` as it arrives; an error from the source
   * (a size limit) rejects and leaves the transaction to roll back.
   */
  put(tx: Queryable, source: BlobSource, input: BlobInput): Promise<StoredBlob>;
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
