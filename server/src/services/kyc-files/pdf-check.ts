import { HttpError } from '../../errors.js';

/** A PDF's page count and whether it holds a signature dictionary; unreadable or encrypted → 422 `kycPdfUnreadable`. */
export async function checkPdf(_data: Buffer): Promise<{ pages: number; signed: boolean }> {
  // Step 1 placeholder: refuses everything until the real parse (pdf-lib) lands.
  throw new HttpError(422, 'kycPdfUnreadable');
}
