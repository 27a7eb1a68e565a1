import type { Db } from '../../db/index.js';
import type { BlobStore, StagedBlob } from '../../lib/blobs/blob-store.js';
import type { EgressPolicy } from '../../lib/egress/policy.js';
import { EgressError, readUrl, READ_MAX_BYTES } from './feed-reader.js';

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

export interface StoredAttachments {
  /** How many could not be stored (each row says why in attachment_error). */
  failed: number;
  /** The first failure, for the server's log: announcement id, code, detail. */
  firstProblem: { id: number; error: string; detail: string } | null;
}

interface StoreOptions {
  policy: EgressPolicy;
  /** The feed itself is a file: one (a feed read from the network never makes the server read its own disk). */
  allowFile: boolean;
  signal?: AbortSignal;
}

/**
 * Fetches and stores each attachment. One that cannot be had (refused, unreadable, not a PDF,
 * a name that does not decode) is counted and its row moves on with the reason: it never
 * stops the run, so it cannot hold its feed back.
 */
export async function storeAttachments(db: Db, blobs: BlobStore, pending: readonly PendingAttachment[], options: StoreOptions): Promise<StoredAttachments> {
  const outcome: StoredAttachments = { failed: 0, firstProblem: null };
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      options.signal?.throwIfAborted();
      const item = pending[next++] as PendingAttachment;
      const problem = await storeOne(db, blobs, item, options);
      if (problem) {
        outcome.failed += 1;
        outcome.firstProblem ??= { id: item.id, ...problem };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, worker));
  return outcome;
}

/** The stored file's name: the URL's last segment, decoded when it decodes. */
export function attachmentName(url: string, id: number): string {
  const last = url.split(/[/?#]/).filter(Boolean).at(-1) ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A stray % (a name such as "100%.pdf"): the name as written.
  }
  return name.slice(0, 200) || `${id}.pdf`;
}

type Problem = { error: string; detail: string };

/** Reads and stages one attachment: the staged file, or why not. */
async function fetchOne(blobs: BlobStore, item: PendingAttachment, options: StoreOptions): Promise<{ staged: StagedBlob } | Problem> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(item.url)?.[1]?.toLowerCase();
  if (scheme === 'file' && !options.allowFile) return { error: 'feedAttachmentRefused', detail: 'a file: attachment of a feed read from the network' };
  try {
    const bytes = await readUrl(item.url, options.policy, { maxBytes: READ_MAX_BYTES, ...(options.signal ? { signal: options.signal } : {}) });
    if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return { error: 'feedAttachmentNotPdf', detail: 'no %PDF- header' };
    return { staged: await blobs.stage(bytes, { contentType: 'application/pdf', filename: attachmentName(item.url, item.id) }) };
  } catch (cause) {
    options.signal?.throwIfAborted();
    if (cause instanceof EgressError) return { error: cause.failure === 'refused' ? 'feedAttachmentRefused' : 'feedAttachmentFailed', detail: cause.detail };
    return { error: 'feedAttachmentFailed', detail: (cause as Error).message };
  }
}

async function storeOne(db: Db, blobs: BlobStore, item: PendingAttachment, options: StoreOptions): Promise<Problem | null> {
  const fetched = await fetchOne(blobs, item, options);
  const staged = 'staged' in fetched ? fetched.staged : null;
  const problem = 'staged' in fetched ? null : fetched;
  try {
    await db.transaction(async (tx) => {
      const blobId = staged ? (await blobs.commit(tx, staged)).id : null;
      await tx.query(
        // Decided meanwhile (the queue shows ingested rows too): it keeps its status, gains the file.
        `UPDATE announcements SET attachment_blob_id = $2, attachment_error = $3,
           status = CASE WHEN status = 'ingested' THEN 'needs_review' ELSE status END WHERE id = $1`,
        [item.id, blobId, problem?.error ?? null],
      );
    });
  } catch (cause) {
    if (staged) await blobs.discard(staged).catch(() => {});
    throw cause;
  }
  return problem;
}
