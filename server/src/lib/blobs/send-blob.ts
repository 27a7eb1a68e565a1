import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.js';
import type { BlobMeta, BlobStore } from './blob-store.js';

// A stored file as an answer to a browser's GET (a <video>, an <iframe>'s PDF): one Range
// (206, or 416 when unsatisfiable), never sniffed by the browser, named for the save dialog.

export type ByteRange = { start: number; end: number };

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range) as inclusive offsets; 'bad' when unsatisfiable, null when absent or not one range. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'bad' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'bad';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

/** Both forms of the name: plain ASCII for old clients, RFC 5987 UTF-8 for the rest. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export interface SendBlobOptions {
  blobs: BlobStore;
  blobId: string;
  meta: BlobMeta;
  disposition: 'inline' | 'attachment';
  /** The answer when the file went between its meta and its content. */
  notFound: HttpError;
  /** Before the content is read, once the range is known good (finview audits whole downloads here). */
  beforeBody?(range: ByteRange | null): Promise<void>;
}

export async function sendBlob(request: FastifyRequest, reply: FastifyReply, options: SendBlobOptions): Promise<FastifyReply> {
  const { blobs, blobId, meta } = options;
  reply.header('accept-ranges', 'bytes');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, max-age=600');
  reply.header('content-disposition', contentDisposition(options.disposition, meta.filename));
  const range = parseRange(request.headers.range, meta.size);
  if (range === 'bad') return reply.code(416).header('content-range', `bytes */${meta.size}`).send(null);
  await options.beforeBody?.(range);
  const content = range ? await blobs.getRange(blobId, range.start, range.end) : await blobs.get(blobId);
  if (!content) throw options.notFound;
  reply.type(meta.contentType);
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${meta.size}`).header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(meta.size));
  }
  return reply.send(content.stream);
}
