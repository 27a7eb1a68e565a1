import type { BlobStore, StagedBlob } from './blob-store.js';
import { sniffUpload, type FileKind, type SniffOptions } from './sniff.js';

export interface StoreUploadOptions extends SniffOptions {
  /** The client's name for the file: kept for downloads, never used to decide its type. */
  filename: string;
}

/**
 * An upload from the wire to the store in one pass: sniffed from its bytes, cut off at the
 * size limit, encrypted and written chunk by chunk with no transaction held (BlobStore.stage).
 * A refusal (HttpError 413, 415 or 422) rejects with nothing left behind. The caller then
 * commits the result in the transaction that writes the row referring to it:
 * `await db.transaction(async (tx) => { await blobs.commit(tx, staged); ... })`, and
 * discards it when that fails.
 */
export async function stageUpload(
  blobs: BlobStore,
  source: AsyncIterable<Uint8Array>,
  options: StoreUploadOptions,
): Promise<StagedBlob & { kind: FileKind }> {
  const sniffed = await sniffUpload(source, options);
  const staged = await blobs.stage(sniffed.stream, { contentType: sniffed.contentType, filename: options.filename });
  return { ...staged, kind: sniffed.kind };
}
