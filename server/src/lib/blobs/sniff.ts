import { HttpError } from '../../errors.js';

// An upload's type comes from its first bytes, never from its name or declared Content-Type:
// an HTML page named photo.jpg must not be stored and later served as if it were a photo.
// The size limit is enforced while the bytes stream through, so an oversized upload is cut
// off at the limit instead of being read whole first.

export type FileKind = 'jpeg' | 'png' | 'webp' | 'pdf' | 'zip' | 'xml';

/** What each kind is called (in messages), its MIME type and file-type's answer for it. */
export const FILE_KINDS: Record<FileKind, { label: string; mime: string }> = {
  jpeg: { label: 'JPEG', mime: 'image/jpeg' },
  png: { label: 'PNG', mime: 'image/png' },
  webp: { label: 'WebP', mime: 'image/webp' },
  pdf: { label: 'PDF', mime: 'application/pdf' },
  zip: { label: 'ZIP', mime: 'application/zip' },
  xml: { label: 'XML', mime: 'application/xml' },
};

/** What most uploads accept; ZIP and XML only where a caller asks (digital Aadhaar). */
export const DOCUMENT_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp', 'pdf'];
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** file-type reads at most this much to decide; XML's root element is looked for within it too. */
const HEAD_BYTES = 64 * 1024;

export interface SniffOptions {
  allowed: readonly FileKind[];
  /** Default 10 MB. */
  maxBytes?: number;
  /** The Content-Length (or multipart part size) when known: refused at once when over the limit. */
  declaredSize?: number;
}

export interface SniffedUpload {
  kind: FileKind;
  contentType: string;
  /**
   * The whole upload, the sniffed head first then the rest as it arrives; throws
   * HttpError 413 `fileTooLarge` as soon as more than `maxBytes` have come through.
   * Consume it once (BlobStore.put takes it as is).
   */
  stream: AsyncIterable<Buffer>;
}

/** 413 `fileTooLarge`, saying the limit in MB: every upload's size refusal. */
export const tooLarge = (maxBytes: number) => new HttpError(413, 'fileTooLarge', undefined, { params: { mb: Math.round((maxBytes / 1024 / 1024) * 10) / 10 } });

const refused = (allowed: readonly FileKind[]) =>
  new HttpError(415, 'fileTypeRefused', undefined, { params: { allowed: allowed.map((kind) => FILE_KINDS[kind].label).join(', ') } });

// Markup a browser would render as a page (scripts included) if it were ever served inline.
const ACTIVE_ROOT = /^(svg|html|xhtml)$|:(svg|html)$/i;
const ACTIVE_NAMESPACE = /http:\/\/www\.w3\.org\/(2000\/svg|1999\/xhtml)/i;

/** The first element's name, past the prolog, comments, processing instructions and doctype. */
function xmlRootName(head: string): string | null {
  const text = head.replace(/^\uFEFF/, '');
  const match = /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>))*\s*<([A-Za-z_][\w.:-]*)/i.exec(text);
  return match?.[1] ?? null;
}

function kindOf(mime: string | undefined): FileKind | undefined {
  return (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => FILE_KINDS[kind].mime === mime);
}

/** Reads the head of `source`, decides its kind, and hands back the whole upload as a size-bounded stream. */
export async function sniffUpload(source: AsyncIterable<Uint8Array>, options: SniffOptions): Promise<SniffedUpload> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (options.declaredSize !== undefined && options.declaredSize > maxBytes) throw tooLarge(maxBytes);

  const iterator = source[Symbol.asyncIterator]();
  const release = async () => {
    await iterator.return?.();
  };
  const headParts: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  try {
    while (headBytes < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      const piece = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      headParts.push(piece);
      headBytes += piece.length;
      if (headBytes > maxBytes) throw tooLarge(maxBytes);
    }
    const head = Buffer.concat(headParts);
    if (head.length === 0) throw new HttpError(422, 'fileEmpty');

    // file-type is loaded with the first upload, not with the server.
    const { fileTypeFromBuffer } = await import('file-type');
    const kind = kindOf((await fileTypeFromBuffer(head))?.mime);
    if (!kind || !options.allowed.includes(kind)) throw refused(options.allowed);
    if (kind === 'xml') {
      const text = head.toString('utf8');
      const root = xmlRootName(text);
      if (!root || ACTIVE_ROOT.test(root) || ACTIVE_NAMESPACE.test(text)) throw refused(options.allowed);
    }

    async function* bounded(): AsyncGenerator<Buffer> {
      let total = head.length;
      yield head;
      if (ended) return;
      try {
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          total += next.value.byteLength;
          if (total > maxBytes) throw tooLarge(maxBytes);
          yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
        }
      } finally {
        // Stops the source when the consumer gives up or the limit is hit: nothing more is read.
        await release();
      }
    }
    return { kind, contentType: FILE_KINDS[kind].mime, stream: bounded() };
  } catch (error) {
    await release();
    throw error;
  }
}
