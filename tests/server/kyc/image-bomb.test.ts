import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import { bombPng } from '../../fixtures/image-bomb';
import { createSubject, kycCallers, postForm, subjectInput, tableCounts } from './kyc-helper';

// Issue 23, item 1, through the real upload route: the 290 KB PNG that decodes to 10000×10000
// pixels is refused by the image guard from its header (KYC's own words), and nothing is stored.

describeEachDatabase('KYC image bomb', (suite) => {
  it('refuses a picture that decodes to 10000² pixels before decoding it, storing nothing', async () => {
    const { app, maker } = await kycCallers(suite);
    const subject = await createSubject(app, maker, subjectInput());
    const before = await tableCounts(suite);
    const upload = await postForm(app, maker, `/subjects/${subject.id}/documents/picture`, {}, [{ field: 'file', filename: 'bomb.png', content: await bombPng(), contentType: 'image/png' }]);
    expect([upload.statusCode, upload.json().code, upload.json().params]).toEqual([422, 'kycImageTooLarge', { megapixels: 40 }]);
    const after = await tableCounts(suite);
    expect({ blobs: after.blobs, files: after.kyc_document_files }).toEqual({ blobs: before.blobs, files: before.kyc_document_files });
  });
});
