import type { FastifyRequest } from 'fastify';
import { KYC_ACCEPTED_KINDS, KYC_MAX_FILE_BYTES, KYC_MAX_PIXELS, type KycDocumentType } from '../../../../common/domains/kyc/model.js';
import type { FileKind } from '../../lib/blobs/sniff.js';
import { readUpload, type UploadFileRule, type UploadPolicy } from '../../lib/upload-guard/index.js';

// The KYC forms (multipart) as their routes declare them to the upload guard: every part read
// before anything is checked or written, each file sniffed from its bytes as it streams
// (refused at the first bytes when of a kind its field does not take, cut off past 10 MB), an
// image's pixels read from its header, and kept as one buffer: the image, PDF and e-KYC checks
// and the virus scan all read it whole, and the transaction stores it afterwards.

export const CREATE_FILE_TYPES = ['pan_card', 'digital_pan', 'aadhaar_card', 'signature', 'picture'] as const satisfies readonly KycDocumentType[];

export interface ReceivedFile {
  /** The form field: a document type, or `file`. */
  field: string;
  /** The client's name, cleaned: shown and offered on download, never trusted. */
  filename: string;
  kind: FileKind;
  data: Buffer;
}

/** A file field taking these kinds, in KYC's words when an image is refused. */
function fileRule(kinds: readonly FileKind[]): UploadFileRule {
  return { kinds, maxBytes: KYC_MAX_FILE_BYTES, image: { maxPixels: KYC_MAX_PIXELS, refusal: { tooLargeCode: 'kycImageTooLarge', unreadableCode: 'kycImageUnreadable' } } };
}

/** A subject with its first documents: one file per type; one more file is let through to be refused as a repeat. */
export const SUBJECT_FORM: UploadPolicy = {
  files: Object.fromEntries(CREATE_FILE_TYPES.map((type) => [type, fileRule(KYC_ACCEPTED_KINDS[type])])),
  maxFiles: CREATE_FILE_TYPES.length + 1,
  fields: ['subject'],
};

/** A new file for a document; the kinds its type takes are narrowed per request (readKycForm). */
export const DOCUMENT_FORM: UploadPolicy = {
  files: { file: fileRule([...new Set(Object.values(KYC_ACCEPTED_KINDS).flat())]) },
  fields: ['shareCode'],
};

/** The form of the route: its fields, and its files (each narrowed to `kinds` of its field when given). */
export async function readKycForm(request: FastifyRequest, kinds?: Readonly<Record<string, readonly FileKind[]>>): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const { fields, files } = await readUpload(request, kinds ? { kinds } : {});
  // The policies above take sniffed kinds only.
  return { fields, files: files as ReceivedFile[] };
}
