import type { FastifyRequest } from 'fastify';
import { KYC_MAX_FILE_BYTES } from '../../../../src/resources/kyc-model.js';
import { HttpError } from '../../errors.js';
import { sniffUpload, type FileKind } from '../../services/blobs/sniff.js';
import { readParts } from '../../services/multipart.js';

// The KYC forms (multipart): every part read before anything is checked or written, each file
// sniffed from its bytes as it streams (refused at the first bytes when of a kind its field
// does not take, cut off past 10 MB) and kept as one buffer: the image, PDF and e-KYC checks
// and the virus scan all read it whole, and the transaction stores it afterwards.

export interface ReceivedFile {
  /** The form field: a document type, or `certificate`. */
  field: string;
  /** The client's name, cleaned: shown and offered on download, never trusted. */
  filename: string;
  kind: FileKind;
  data: Buffer;
}

export interface FormShape {
  /** File fields and the kinds each takes. */
  files: Readonly<Record<string, readonly FileKind[]>>;
  maxFiles: number;
  /** Text fields; others are ignored. */
  fields: readonly string[];
}

// Control characters, path separators and quotes have no place in a name offered on download.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\"]/g;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

export function cleanFilename(name: string | undefined, fallback: string): string {
  const cleaned = wellFormed(name ?? '').replace(UNSAFE_NAME, '_').trim().slice(0, 255);
  return cleaned || fallback;
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
}

export async function readKycForm(request: FastifyRequest, shape: FormShape): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const files: ReceivedFile[] = [];
  // One byte past the limit: sniffUpload refuses first, naming the limit.
  const limits = { fileSize: KYC_MAX_FILE_BYTES + 1, files: shape.maxFiles, fields: shape.fields.length };
  const all = await readParts(request, limits, async (part) => {
    const allowed = Object.hasOwn(shape.files, part.fieldname) ? shape.files[part.fieldname] : undefined;
    const field = wellFormed(part.fieldname).slice(0, 100);
    if (!allowed) throw new HttpError(422, 'validation', { [field]: 'notAllowed' });
    if (files.some((file) => file.field === part.fieldname)) throw new HttpError(422, 'validation', { [field]: 'invalid' });
    const sniffed = await sniffUpload(part.file, { allowed, maxBytes: KYC_MAX_FILE_BYTES });
    const data = await collect(sniffed.stream);
    files.push({ field: part.fieldname, filename: cleanFilename(part.filename, `${part.fieldname}.${sniffed.kind}`), kind: sniffed.kind, data });
  });
  const fields = Object.fromEntries(shape.fields.filter((name) => Object.hasOwn(all, name)).map((name) => [name, all[name] as string]));
  return { fields, files };
}
