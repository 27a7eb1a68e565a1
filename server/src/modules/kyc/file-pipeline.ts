import type { KycDocumentType, KycScanStatus } from '../../../../common/domains/kyc/model.js';
import { HttpError } from '../../errors.js';
import { prepareImage } from './files/images.js';
import { checkPdf } from './files/pdf-check.js';
import { ScannerUnavailableError, type VirusScanner } from './files/virus-scanner.js';
import type { ReceivedFile } from './form.js';

// What happens to an uploaded file before it is stored (docs/kyc.md "Files"): scanned first,
// on the bytes as they came (an infected file is refused whatever else it holds), then read
// by kind: images decoded, turned upright and re-encoded without metadata; PDFs parsed; a
// digital Aadhaar opened with its share code and verified against the pinned certificate.
// The result is what the transaction stores.

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

/** What a digital Aadhaar is opened and compared with. */
export interface EkycContext {
  shareCode: string | undefined;
  certificatePem: string | null;
  subject: { name: string; dob: string; gender: string; pinCode: string; aadhaarLast4: string | null };
}

export interface PipelineContext {
  scanner: VirusScanner;
  ekyc?: EkycContext;
}

async function scanned(scanner: VirusScanner, data: Buffer): Promise<KycScanStatus> {
  let result;
  try {
    result = await scanner.scan(data);
  } catch (error) {
    if (error instanceof ScannerUnavailableError) throw new HttpError(503, 'kycScanUnavailable', undefined, { headers: { 'retry-after': '30' } });
    throw error;
  }
  if (result.status === 'infected') throw new HttpError(422, 'kycInfected', undefined, { params: { signature: result.signature } });
  return result.status;
}

/** The signed fields of a digital Aadhaar and where the subject differs from them; its photo stays in the file. */
async function readEkyc(file: ReceivedFile, kind: 'zip' | 'xml', context: EkycContext | undefined): Promise<Record<string, unknown>> {
  if (!context?.shareCode) throw new HttpError(422, 'validation', { shareCode: 'required' });
  if (!context.certificatePem) throw new HttpError(409, 'kycNoUidaiCertificate');
  // The XML signature stack (xml-crypto, xmldom, xpath) is loaded with the first e-KYC file, not with the server.
  const { ekycMismatches, openOfflineEkyc } = await import('./files/offline-ekyc.js');
  const ekyc = await openOfflineEkyc(file.data, kind, context.shareCode, context.certificatePem);
  // Flat, named as the subject's fields are, so each mismatch names a field shown beside it.
  const { referenceId, generatedAt, name, dob, gender, address, last4 } = ekyc;
  return {
    referenceId,
    generatedAt,
    name,
    dob,
    gender,
    addressLine: address.line,
    city: address.city,
    state: address.state,
    pinCode: address.pinCode,
    aadhaarLast4: last4,
    mismatches: ekycMismatches(ekyc, context.subject),
  };
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
    case 'pdf': {
      const pdf = await checkPdf(file.data);
      // An e-PAN's signature is not checked against anything: it is "digitally signed, not verified".
      const verification = type === 'digital_pan' && pdf.signed ? 'not_verified' : null;
      return { ...base, data: file.data, contentType: 'application/pdf', pages: pdf.pages, verification };
    }
    case 'zip':
    case 'xml': {
      const extracted = await readEkyc(file, file.kind, context.ekyc);
      return { ...base, data: file.data, contentType: file.kind === 'zip' ? 'application/zip' : 'application/xml', verification: 'verified', extracted };
    }
  }
}
