import type { Db } from '../../db/index.js';
import type { BlobStore } from '../../services/blobs/blob-store.js';
import { readUrl, ReadError, READ_MAX_BYTES } from './feed-reader.js';

// A run's attachments (docs/announcements.md "Feeds and ingestion", step 4): each PDF is read,
// sniffed (%PDF- only, ≤ 20 MB), staged with no transaction open, then committed in a short
// transaction that also moves its announcement from `ingested` to `needs_review`.

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const CONCURRENCY = 3;

export interface PendingAttachment {
  id: number;
  url: string;
}

/** Announcements of this feed still `ingested` (this run's, or a stopped run's). */
export async function pendingAttachments(db: Db, feedId: number): Promise<PendingAttachment[]> {
  const { rows } = await db.query<PendingAttachment>(
    `SELECT a.id::int AS id, a.attachment_url AS url FROM announcements a JOIN announcement_feed_runs r ON r.id = a.feed_run_id
     WHERE r.feed_id = $1 AND a.status = 'ingested' ORDER BY a.id`,
    [feedId],
  );
  return rows;
}

/** Fetches and stores each attachment; the number that failed. `allowFile`: the feed itself is a file: one. */
export async function storeAttachments(
  db: Db,
  blobs: BlobStore,
  pending: readonly PendingAttachment[],
  options: { allowFile: boolean; signal?: AbortSignal },
): Promise<number> {
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      options.signal?.throwIfAborted();
      const item = pending[next++] as PendingAttachment;
      const error = await storeOne(db, blobs, item, options);
      if (error) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, worker));
  return failed;
}

async function storeOne(db: Db, blobs: BlobStore, item: PendingAttachment, options: { allowFile: boolean; signal?: AbortSignal }): Promise<string | null> {
  let error: string | null = null;
  let bytes: Buffer | null = null;
  // A feed read from the network never makes the server read its own disk.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(item.url)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https' && !(scheme === 'file' && options.allowFile)) error = 'feedAttachmentFailed';
  else {
    try {
      bytes = await readUrl(item.url, { maxBytes: READ_MAX_BYTES, ...(options.signal ? { signal: options.signal } : {}) });
      if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) error = 'feedAttachmentNotPdf';
    } catch (cause) {
      if (!(cause instanceof ReadError)) throw cause;
      error = 'feedAttachmentFailed';
    }
  }
  const name = decodeURIComponent(item.url.split(/[/?#]/).filter(Boolean).at(-1) ?? `${item.id}.pdf`).slice(0, 200) || `${item.id}.pdf`;
  const staged = error === null && bytes ? await blobs.stage(bytes, { contentType: 'application/pdf', filename: name }) : null;
  try {
    await db.transaction(async (tx) => {
      const blobId = staged ? (await blobs.commit(tx, staged)).id : null;
      await tx.query(
        // Decided meanwhile (the queue shows ingested rows too): it keeps its status, gains the file.
        `UPDATE announcements SET attachment_blob_id = $2, attachment_error = $3,
           status = CASE WHEN status = 'ingested' THEN 'needs_review' ELSE status END WHERE id = $1`,
        [item.id, blobId, error],
      );
    });
  } catch (cause) {
    if (staged) await blobs.discard(staged).catch(() => {});
    throw cause;
  }
  return error;
}
