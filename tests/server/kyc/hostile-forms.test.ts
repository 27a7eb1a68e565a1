import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import { plainImage } from './kyc-fixtures';
import { createSubject, formData, KYC_API, kycCallers, postForm, postSubject, subjectInput, tableCounts } from './kyc-helper';
import { sealed } from '../helper';

// The KYC forms are multipart, which the OpenAPI walk of hostile-inputs.test.ts cannot fill:
// hostile values in their fields, file names and part names, each answered with a 4xx and a
// message, never a 5xx, and nothing written.

/** Refused in any field. */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x'.repeat(5000)];
/** Refused where a format applies (dates, codes, numbers), plain text elsewhere. */
const HOSTILE_TEXT = [...UNSTORABLE, '2024-02-31', '1e21', '-1'];
const HOSTILE_JSON: unknown[] = [null, [], 1e21, 'text', { name: ['x'] }, { dob: 19900401 }, { pan: { $ne: null } }, { aadhaar: 1e21 }, { gender: null, name: '' }];

describeEachDatabase('KYC forms with hostile values', (suite) => {
  it('answers every hostile field, name and part with a 4xx and a message, and writes nothing', async () => {
    const { app, maker, admin } = await kycCallers(suite);
    const subject = await createSubject(app, maker, subjectInput());
    const image = await plainImage('png');
    const before = await tableCounts(suite);
    const failures: string[] = [];
    const check = (label: string, response: { statusCode: number; json: () => unknown }) => {
      const body = (() => {
        try {
          return response.json() as { message?: unknown };
        } catch {
          return {};
        }
      })();
      if (response.statusCode < 400 || response.statusCode >= 500 || typeof body.message !== 'string') failures.push(`${response.statusCode} ${label}`);
    };

    for (const field of ['name', 'addressLine', 'city']) {
      for (const value of UNSTORABLE) check(`subject.${field}=${JSON.stringify(value).slice(0, 20)}`, await postSubject(app, maker, subjectInput({ [field]: value })));
    }
    for (const field of ['dob', 'gender', 'state', 'pinCode', 'pan', 'aadhaar']) {
      for (const value of HOSTILE_TEXT) check(`subject.${field}=${JSON.stringify(value).slice(0, 20)}`, await postSubject(app, maker, subjectInput({ [field]: value })));
    }
    for (const value of HOSTILE_JSON) check(`subject=${JSON.stringify(value)}`, await postSubject(app, maker, value));
    check('subject not JSON', await postForm(app, maker, '/subjects', { subject: '{"name":' }));
    check('subject NUL', await postForm(app, maker, '/subjects', { subject: '\u0000' }));
    check('no subject', await postForm(app, maker, '/subjects', {}, [{ field: 'picture', filename: 'p.png', content: image }]));
    check('two subjects', await postForm(app, maker, '/subjects', { subject: '{}', other: 'x' }));
    check('same type twice', await postSubject(app, maker, subjectInput({ pan: null, aadhaar: null }), [
      { field: 'picture', filename: 'a.png', content: image },
      { field: 'picture', filename: 'b.png', content: image },
    ]));
    check('seven files', await postSubject(app, maker, subjectInput(), Array.from({ length: 7 }, (_, index) => ({ field: `f${index}`, filename: 'a.png', content: image }))));
    check('empty file', await postSubject(app, maker, subjectInput(), [{ field: 'picture', filename: 'p.png', content: Buffer.alloc(0) }]));
    check('part name NUL', await postSubject(app, maker, subjectInput(), [{ field: 'pic\u0000ture', filename: 'p.png', content: image }]));
    check('digital Aadhaar on create', await postSubject(app, maker, subjectInput(), [{ field: 'digital_aadhaar', filename: 'e.zip', content: image }]));

    // A file name is only kept, never trusted: hostile ones are cleaned, not refused.
    for (const filename of ['../../etc/passwd', 'a\u0001b.png', '"; x=1.png', '\u202egnp.exe', 'ü'.repeat(300)]) {
      const response = await postForm(app, maker, `/subjects/${subject.id}/documents/picture`, {}, [{ field: 'file', filename, content: image }]);
      expect(response.statusCode, `${filename}: ${response.body}`).toBe(201);
      const stored = response.json<{ file: { filename: string } }>().file.filename;
      expect([...stored].some((character) => character.charCodeAt(0) < 0x20 || '/\\"'.includes(character))).toBe(false);
      expect(stored.length).toBeLessThanOrEqual(255);
    }
    const afterNames = await tableCounts(suite);

    for (const value of HOSTILE_TEXT) {
      check(`shareCode=${JSON.stringify(value).slice(0, 20)}`, await postForm(app, maker, `/subjects/${subject.id}/documents/digital_aadhaar`, { shareCode: value }, [{ field: 'file', filename: 'e.zip', content: image }]));
      check(`scanPolicy=${JSON.stringify(value).slice(0, 20)}`, await postForm(app, admin, '/settings', { scanPolicy: value }, [], 'PUT'));
    }
    check('certificate too large', await postForm(app, admin, '/settings', {}, [{ field: 'certificate', filename: 'c.pem', content: Buffer.alloc(100_000, 65) }], 'PUT'));
    check('settings other file', await postForm(app, admin, '/settings', {}, [{ field: 'logo', filename: 'c.png', content: image }], 'PUT'));
    // A multipart body cut off in the middle of a file.
    const body = formData({ subject: JSON.stringify(subjectInput()) }, [{ field: 'picture', filename: 'p.png', content: image }]);
    check('truncated body', await sealed(app, maker, { method: 'POST', url: `${KYC_API}/subjects`, payload: body.payload.subarray(0, body.payload.length - 200), headers: { 'content-type': body.contentType } }));
    check('no boundary', await sealed(app, maker, { method: 'POST', url: `${KYC_API}/subjects`, payload: 'x', headers: { 'content-type': 'multipart/form-data' } }));

    expect(failures).toEqual([]);
    // Only the file-name uploads above wrote (new versions of one document).
    expect(await tableCounts(suite)).toEqual(afterNames);
    expect([afterNames.kyc_subjects, afterNames.kyc_documents]).toEqual([before.kyc_subjects, before.kyc_documents + 1]);
  });
});
