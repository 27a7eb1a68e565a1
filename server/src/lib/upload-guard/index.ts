import type { MultipartFile as Part } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { XLSX_LIMITS, XLSX_REFUSAL_STATUS, type XlsxLimits, type XlsxRefusal } from '../../../../common/xlsx-inspection.js';
import { HttpError } from '../../errors.js';
import { FILE_KINDS, sniffUpload, tooLarge, type FileKind } from '../blobs/sniff.js';
import { assertImagePixels } from './image.js';
import { cleanFilename, wellFormed } from './names.js';
import { readParts } from './parts.js';
import { IMAGE_KINDS, OTHER_LABELS, policyBytes, type GuardedFile, type GuardedUpload, type UploadFileRule, type UploadKind } from './policy.js';
import { inspectXlsxZip } from './zip.js';

// The one door of every upload (issue 23): a route that takes multipart/form-data declares what
// it takes in its config (`config.upload`), and reads the body only through readUpload, which
// holds each file to that declaration: its size while the bytes arrive, its type from the bytes,
// an image's pixels from its header, a workbook's zip inflated and counted before any parser
// sees it. plugin.ts refuses to start a route that consumes multipart without a declaration (or
// declares one without consuming multipart), answers 415 to a multipart body sent elsewhere,
// and leaves every refused body's connection usable (settle.ts).

export { cleanFilename } from './names.js';
export { default as uploadGuard } from './plugin.js';
export { policyBytes, type GuardedFile, type GuardedUpload, type UploadFileRule, type UploadKind, type UploadPolicy } from './policy.js';

const labelOf = (kind: UploadKind) => (kind in OTHER_LABELS ? OTHER_LABELS[kind as keyof typeof OTHER_LABELS] : FILE_KINDS[kind as FileKind].label);
const sniffable = (kind: UploadKind): kind is FileKind => kind in FILE_KINDS;

/** A workbook refused unread: 413 when too large inflated, else 422; `reason` names the limit. */
export class SpreadsheetRefusal extends HttpError {
  constructor(
    readonly reason: XlsxRefusal | 'unreadable',
    limits: XlsxLimits,
  ) {
    const mb = (bytes: number) => Math.floor(bytes / 1e6);
    const refusals = {
      unreadable: ['uploadUnreadable', undefined],
      tooManyEntries: ['spreadsheetTooManyEntries', { max: limits.entries }],
      inflatedTooLarge: ['spreadsheetInflatedTooLarge', { mb: mb(limits.inflatedBytes), partMb: mb(limits.entryBytes) }],
      tooManyRows: ['spreadsheetTooManyRows', { max: limits.rows }],
      tooManyCells: ['spreadsheetTooManyCells', { max: limits.cells }],
      tooManyStrings: ['spreadsheetTooManyStrings', { max: limits.strings }],
    } as const;
    const [code, params] = refusals[reason];
    super(reason === 'unreadable' ? 422 : XLSX_REFUSAL_STATUS[reason], code, { file: 'invalid' }, params ? { params } : {});
  }
}

async function collect(stream: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let total = 0;
  for await (const piece of stream) {
    total += piece.length;
    if (total > maxBytes) throw tooLarge(maxBytes);
    pieces.push(piece);
  }
  return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];
/** Where text is told from binary. */
const HEAD_BYTES = 64 * 1024;

/** The kind of bytes that file-type cannot name: a zip taken as .xlsx (its parts are inspected next), a certificate, CSV text. */
async function classify(data: Buffer, kinds: readonly UploadKind[]): Promise<UploadKind | null> {
  if (data.length === 0) throw new HttpError(422, 'fileEmpty');
  const sniffed = kinds.filter(sniffable);
  if (sniffed.length > 0) {
    const whole = (async function* () {
      yield data;
    })();
    const kind = await sniffUpload(whole, { allowed: sniffed, maxBytes: data.length }).then(
      (upload) => upload.kind,
      () => null,
    );
    if (kind) return kind;
  }
  if (kinds.includes('xlsx') && ZIP_MAGIC.every((byte, index) => data[index] === byte)) return 'xlsx';
  // X.509 parsing, right after, is the type check of a certificate, with its own message.
  if (kinds.includes('certificate')) return 'certificate';
  // Text in any 8-bit encoding (Excel writes CSV in the system's code page) or UTF-16 with its BOM.
  if (kinds.includes('csv') && (UTF16_BOMS.some((bom) => data[0] === bom[0] && data[1] === bom[1]) || !data.subarray(0, HEAD_BYTES).includes(0))) return 'csv';
  return null;
}

async function guardFile(part: Part, rule: UploadFileRule, kinds: readonly UploadKind[]): Promise<{ kind: UploadKind; data: Buffer }> {
  let kind: UploadKind | null;
  let data: Buffer;
  if (kinds.every(sniffable)) {
    // Refused at the first bytes when of another kind, cut off past the limit as they arrive.
    const upload = await sniffUpload(part.file, { allowed: kinds, maxBytes: rule.maxBytes });
    kind = upload.kind;
    data = await collect(upload.stream, rule.maxBytes);
  } else {
    data = await collect(part.file, rule.maxBytes);
    kind = await classify(data, kinds);
  }
  if (!kind) {
    if (kinds.length === 1 && kinds[0] === 'xlsx') throw new HttpError(422, 'notXlsx');
    throw new HttpError(415, 'fileTypeRefused', undefined, { params: { allowed: kinds.map(labelOf).join(', ') } });
  }
  if (kind === 'xlsx') {
    const limits = rule.xlsx ?? XLSX_LIMITS;
    const refusal = await inspectXlsxZip(data, limits);
    if (refusal) throw new SpreadsheetRefusal(refusal, limits);
  }
  if (IMAGE_KINDS.has(kind) && rule.image) await assertImagePixels(data, rule.image.maxPixels, rule.image.refusal);
  return { kind, data };
}

export interface ReadUploadOptions {
  /** Per request, fewer kinds than the route declares for a field (a KYC document's type is in its URL). */
  kinds?: Readonly<Record<string, readonly UploadKind[]>>;
}

/**
 * The route's multipart body, every file held to the route's `config.upload`: the only way a
 * route reads one. Any breach is a clear client error (413, 415, 422), raised as soon as it shows.
 */
export async function readUpload(request: FastifyRequest, options: ReadUploadOptions = {}): Promise<GuardedUpload> {
  const policy = request.routeOptions.config.upload;
  if (!policy) throw new Error(`${request.method} ${request.routeOptions.url}: readUpload needs config.upload on the route`);
  const declared = Number(request.headers['content-length']);
  if (Number.isSafeInteger(declared) && declared > policyBytes(policy)) throw new HttpError(413, 'bodyTooLarge');
  const files: GuardedFile[] = [];
  const ruleCount = Object.keys(policy.files).length;
  const fileSize = Math.max(1, ...Object.values(policy.files).map((rule) => rule.maxBytes)) + 1;
  const limits = { fileSize, files: policy.maxFiles ?? ruleCount, fields: policy.maxFields ?? policy.fields.length };
  const all = await readParts(request, limits, async (part) => {
    const rule = Object.hasOwn(policy.files, part.fieldname) ? policy.files[part.fieldname] : undefined;
    const field = wellFormed(part.fieldname).slice(0, 100);
    if (!rule) throw new HttpError(422, 'validation', { [field]: 'notAllowed' });
    if (files.some((file) => file.field === part.fieldname)) throw new HttpError(422, 'validation', { [field]: 'invalid' });
    const narrowed = options.kinds?.[part.fieldname];
    const kinds = narrowed ? rule.kinds.filter((kind) => narrowed.includes(kind)) : rule.kinds;
    const { kind, data } = await guardFile(part, rule, kinds);
    files.push({ field: part.fieldname, filename: cleanFilename(part.filename, `${part.fieldname}.${kind}`), kind, data });
  });
  const fields = Object.fromEntries(policy.fields.filter((name) => Object.hasOwn(all, name)).map((name) => [name, all[name] as string]));
  return { fields, files };
}
