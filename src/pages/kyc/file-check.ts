import { KYC_ACCEPTED_KINDS, KYC_MAX_FILE_BYTES, type KycDocumentType } from '../../../common/domains/kyc/model';

// A first look at a picked file, before anything is sent: its kind read from the first
// bytes (as the server's sniff.ts does, never from the name), and its size. The server
// checks again and is the authority; this only saves the reader a refused upload.

export type FileKind = (typeof KYC_ACCEPTED_KINDS)[KycDocumentType][number];

export const FILE_KIND_LABELS: Record<FileKind, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', pdf: 'PDF', zip: 'ZIP', xml: 'XML' };

export type FileCheck = { ok: true; kind: FileKind } | { ok: false; reason: 'empty' | 'tooLarge' | 'type' };

const HEAD_BYTES = 4096;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

// Markup a browser would run as a page: refused even behind an XML prolog.
const ACTIVE_MARKUP = /<(!doctype\s+html|html|svg|xhtml|[\w.-]+:(svg|html))[\s>/]/i;

/** The kind the first bytes say, or null for anything else (HTML named .jpg included). */
export function sniffKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<') && !ACTIVE_MARKUP.test(text) && /^<(\?xml|[A-Za-z_])/.test(text)) return 'xml';
  return null;
}

export async function checkFile(file: Blob, type: KycDocumentType): Promise<FileCheck> {
  if (file.size === 0) return { ok: false, reason: 'empty' };
  if (file.size > KYC_MAX_FILE_BYTES) return { ok: false, reason: 'tooLarge' };
  const kind = sniffKind(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  const accepted: readonly FileKind[] = KYC_ACCEPTED_KINDS[type];
  return kind && accepted.includes(kind) ? { ok: true, kind } : { ok: false, reason: 'type' };
}

/** What the file picker offers for a type (the bytes decide in the end). */
export const ACCEPT_OF: Record<FileKind, string> = {
  jpeg: '.jpg,.jpeg,image/jpeg',
  png: '.png,image/png',
  webp: '.webp,image/webp',
  pdf: '.pdf,application/pdf',
  zip: '.zip,application/zip',
  xml: '.xml,application/xml,text/xml',
};

export function acceptFor(type: KycDocumentType): string {
  return KYC_ACCEPTED_KINDS[type].map((kind) => ACCEPT_OF[kind]).join(',');
}

/** "JPEG, PNG, WebP": the kinds a type takes, as messages name them. */
export function kindsLabel(type: KycDocumentType): string {
  return KYC_ACCEPTED_KINDS[type].map((kind) => FILE_KIND_LABELS[kind]).join(', ');
}

export const MAX_FILE_MB = KYC_MAX_FILE_BYTES / 1024 / 1024;
