import type { Queryable } from '../../db/index.js';
import type { BlobStore, StoredBlob } from './blob-store.js';
import { sniffUpload, type FileKind, type SniffOptions } from './sniff.js';

export interface StoreUploadOptions extends SniffOptions {
  /** The client's name for the file: kept for downloads, never used to decide its type. */
  filename: string;
}

/**
 * An upload from the wire to the store in one pass: sniffed from its bytes, cut off at the
 * size limit, encrypted and written chunk by chunk within `tx`. A refusal (HttpError 413,
 * 415 or 422) rejects before or while writing, and the caller's transaction rolls back.
 */
export async function storeUpload(
  blobs: BlobStore,
  tx: Queryable,
  source: AsyncIterable<Uint8Array>,
  options: StoreUploadOptions,
): Promise<StoredBlob & { kind: FileKind; contentType: string }> {
  const sniffed = await sniffUpload(source, options);
  const stored = await blobs.put(tx, sniffed.stream, { contentType: sniffed.contentType, filename: options.filename });
  return { ...stored, kind: sniffed.kind, contentType: sniffed.contentType };
}
