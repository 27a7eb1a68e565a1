import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/src/errors.js';
import { checkPdf } from '../../../server/src/modules/kyc/files/pdf-check.js';
import { addSignatureField, pdf } from '../../fixtures/kyc-pdfs.js';

// PDFs built here with pdf-lib: page counts, signature dictionaries (an e-PAN is signed), and
// the files refused (unparseable, encrypted).

async function refusal(data: Buffer): Promise<string> {
  const error = await checkPdf(data).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(422);
  return (error as HttpError).code;
}

describe('checkPdf', () => {
  it('counts the pages of an unsigned PDF', async () => {
    expect(await checkPdf(await pdf(2))).toEqual({ pages: 2, signed: false });
    // Object streams (as most producers write now) and a classic xref table alike.
    expect(await checkPdf(await pdf(3, undefined, { useObjectStreams: false }))).toEqual({ pages: 3, signed: false });
  });

  it('sees a signature dictionary, not an empty signature field', async () => {
    expect(await checkPdf(await pdf(1, (document) => addSignatureField(document, true)))).toEqual({ pages: 1, signed: true });
    expect(await checkPdf(await pdf(1, (document) => addSignatureField(document, true), { useObjectStreams: false }))).toEqual({ pages: 1, signed: true });
    expect(await checkPdf(await pdf(1, (document) => addSignatureField(document, false)))).toEqual({ pages: 1, signed: false });
  });

  it('refuses garbage, a truncated file, an encrypted one and one without pages', async () => {
    const good = await pdf(2, undefined, { useObjectStreams: false });
    expect(await refusal(Buffer.from('this is not a PDF at all'))).toBe('kycPdfUnreadable');
    expect(await refusal(Buffer.alloc(0))).toBe('kycPdfUnreadable');
    expect(await refusal(good.subarray(0, 40))).toBe('kycPdfUnreadable');
    // A Standard security handler in the trailer (after the xref, so no offset moves).
    const text = good.toString('latin1');
    const trailerAt = text.lastIndexOf('trailer');
    const encrypted = Buffer.from(
      text.slice(0, trailerAt) + text.slice(trailerAt).replace('<<', `<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <${'00'.repeat(32)}> /U <${'00'.repeat(32)}> /P -4 >>`),
      'latin1',
    );
    // Still a readable PDF, refused for its encryption alone.
    expect((await PDFDocument.load(encrypted, { ignoreEncryption: true })).isEncrypted).toBe(true);
    expect(await refusal(encrypted)).toBe('kycPdfUnreadable');
    // (pdf-lib would add a blank page on save unless told not to.)
    expect(await refusal(await pdf(0, undefined, { addDefaultPage: false }))).toBe('kycPdfUnreadable');
  });
});
