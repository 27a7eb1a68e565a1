import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { HttpError } from '../../errors.js';

// An uploaded PDF (PAN card scan, e-PAN) is parsed to count its pages and to see whether it
// carries a digital signature, as an NSDL/UTIITSL e-PAN does. The signature is not verified
// (no trusted roots for it here): callers show "digitally signed, not verified".
// Encrypted PDFs are refused: a reviewer could not open them, nor could anything look inside.

const BYTE_RANGE = PDFName.of('ByteRange');
const CONTENTS = PDFName.of('Contents');
const FIELD_TYPE = PDFName.of('FT');
const VALUE = PDFName.of('V');
const SIG = PDFName.of('Sig');

/** A signature dictionary: the signed byte ranges and the PKCS#7 blob over them. */
function isSignatureValue(dict: PDFDict): boolean {
  return dict.lookup(BYTE_RANGE) instanceof PDFArray && [PDFHexString, PDFString].some((type) => dict.lookup(CONTENTS) instanceof type);
}

/** A form field of type /Sig whose value is a signature (an empty one awaits signing). */
function isSignedField(dict: PDFDict): boolean {
  if (dict.lookup(FIELD_TYPE) !== SIG) return false;
  const value = dict.lookup(VALUE);
  return value instanceof PDFDict && isSignatureValue(value);
}

/** A PDF's page count and whether it holds a signature; unreadable, encrypted or pageless → 422 `kycPdfUnreadable`. */
export async function checkPdf(data: Buffer): Promise<{ pages: number; signed: boolean }> {
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
    .some(([, object]) => object instanceof PDFDict && (isSignatureValue(object) || isSignedField(object)));
  return { pages, signed };
}
