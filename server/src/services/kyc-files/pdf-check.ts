import type { PDFDict, PDFDocument } from 'pdf-lib';
import { HttpError } from '../../errors.js';

// An uploaded PDF (PAN card scan, e-PAN) is parsed to count its pages and to see whether it
// carries a digital signature, as an NSDL/UTIITSL e-PAN does. The signature is not verified
// (no trusted roots for it here): callers show "digitally signed, not verified".
// Encrypted PDFs are refused: a reviewer could not open them, nor could anything look inside.

type PdfLib = typeof import('pdf-lib');

/** A signature dictionary: the signed byte ranges and the PKCS#7 blob over them. */
function isSignatureValue(lib: PdfLib, dict: PDFDict): boolean {
  const { PDFArray, PDFHexString, PDFName, PDFString } = lib;
  const contents = dict.lookup(PDFName.of('Contents'));
  return dict.lookup(PDFName.of('ByteRange')) instanceof PDFArray && [PDFHexString, PDFString].some((type) => contents instanceof type);
}

/** A form field of type /Sig whose value is a signature (an empty one awaits signing). */
function isSignedField(lib: PdfLib, dict: PDFDict): boolean {
  const { PDFDict, PDFName } = lib;
  if (dict.lookup(PDFName.of('FT')) !== PDFName.of('Sig')) return false;
  const value = dict.lookup(PDFName.of('V'));
  return value instanceof PDFDict && isSignatureValue(lib, value);
}

/** A PDF's page count and whether it holds a signature; unreadable, encrypted or pageless → 422 `kycPdfUnreadable`. */
export async function checkPdf(data: Buffer): Promise<{ pages: number; signed: boolean }> {
  // pdf-lib is loaded with the first PDF, not with the server (PDFName.of interns its names).
  const lib = await import('pdf-lib');
  const { PDFDict, PDFDocument } = lib;
  let document: PDFDocument;
  let pages: number;
  try {
    // Throws EncryptedPDFError for an encrypted file; metadata left as it is (nothing is saved).
    document = await PDFDocument.load(data, { updateMetadata: false });
    pages = document.getPageCount();
  } catch {
    throw new HttpError(422, 'kycPdfUnreadable');
  }
  if (pages < 1) throw new HttpError(422, 'kycPdfUnreadable');
  const signed = document.context
    .enumerateIndirectObjects()
    .some(([, object]) => object instanceof PDFDict && (isSignatureValue(lib, object) || isSignedField(lib, object)));
  return { pages, signed };
}
