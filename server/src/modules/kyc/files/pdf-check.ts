import type { PDFDict, PDFDocument } from 'pdf-lib';
import { HttpError } from '../../../errors.js';

// An uploaded PDF (PAN card scan, e-PAN) is parsed to count its pages and to see whether it
// carries a digital signature, as an NSDL/UTIITSL e-PAN does. The signature is not verified
// (no trusted roots for it here): callers show "digitally signed, not verified".
// Encrypted PDFs are refused: a reviewer could not open them, nor could anything look inside.

type PdfLib = typeof import('pdf-lib');

/**
 * Whether an indirect object is a signature: a signature dictionary (the signed byte
 * ranges and the PKCS#7 blob over them), or a form field of type /Sig whose value is one
 * (an empty one awaits signing). Built once, with pdf-lib, so the names are made once
 * rather than for every object of every file.
 */
function signatureTest(lib: PdfLib): (object: unknown) => boolean {
  const { PDFArray, PDFDict, PDFHexString, PDFName, PDFString } = lib;
  const byteRange = PDFName.of('ByteRange');
  const contents = PDFName.of('Contents');
  const fieldType = PDFName.of('FT');
  const value = PDFName.of('V');
  const sig = PDFName.of('Sig');
  const isSignatureValue = (dict: PDFDict) =>
    dict.lookup(byteRange) instanceof PDFArray && [PDFHexString, PDFString].some((type) => dict.lookup(contents) instanceof type);
  const isSignedField = (dict: PDFDict) => {
    if (dict.lookup(fieldType) !== sig) return false;
    const signature = dict.lookup(value);
    return signature instanceof PDFDict && isSignatureValue(signature);
  };
  return (object) => object instanceof PDFDict && (isSignatureValue(object) || isSignedField(object));
}

// pdf-lib is loaded with the first PDF, not with the server.
let loading: Promise<{ lib: PdfLib; isSignature: (object: unknown) => boolean }> | undefined;
const pdfLib = () => (loading ??= import('pdf-lib').then((lib) => ({ lib, isSignature: signatureTest(lib) })));

/** A PDF's page count and whether it holds a signature; unreadable, encrypted or pageless → 422 `kycPdfUnreadable`. */
export async function checkPdf(data: Buffer): Promise<{ pages: number; signed: boolean }> {
  const { lib, isSignature } = await pdfLib();
  const { PDFDocument } = lib;
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
  const signed = document.context.enumerateIndirectObjects().some(([, object]) => isSignature(object));
  return { pages, signed };
}
