import sharp from 'sharp';
import { expect, it } from 'vitest';
import { takenError } from '../../../server/src/modules/kyc/subjects';
import { describeEachDatabase } from '../helper';
import { SAMPLES } from '../lib/blobs/fixtures';
import { photoWithExif, plainImage } from './kyc-fixtures';
import {
  createSubject,
  expectNoAadhaar,
  kycCall,
  kycCallers,
  newAadhaar,
  newPan,
  postSubject,
  subjectInput,
  tableCounts,
  type Subject,
} from './kyc-helper';

describeEachDatabase('KYC subjects', (suite) => {
  it('creates a subject with its files in one go: Aadhaar vaulted and masked, images re-encoded, everything audited', async () => {
    const { app, maker } = await kycCallers(suite);
    const aadhaar = newAadhaar();
    const pan = newPan('V');
    const before = await tableCounts(suite);
    const response = await postSubject(app, maker, subjectInput({ pan: ` ${pan.toLowerCase()} `, aadhaar: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)}-${aadhaar.slice(8)}` }), [
      { field: 'aadhaar_card', filename: 'aadhaar.jpg', content: await photoWithExif(), contentType: 'image/jpeg' },
      { field: 'picture', filename: 'me.png', content: await plainImage('png'), contentType: 'image/png' },
      { field: 'signature', filename: 'sign.webp', content: await plainImage('webp'), contentType: 'image/webp' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const subject = response.json<Subject>();
    expect(subject).toMatchObject({
      name: 'Asha Verma',
      dob: '1990-04-01',
      pan,
      aadhaar: `XXXX-XXXX-${aadhaar.slice(-4)}`,
      status: 'new',
      assignee: null,
      createdBy: { id: maker.id, username: maker.username },
      version: expect.any(Number),
      warnings: {},
    });
    expect(subject.documents?.map((document) => document.type).sort()).toEqual(['aadhaar_card', 'picture', 'signature']);
    const card = subject.documents?.find((document) => document.type === 'aadhaar_card');
    expect(card).toMatchObject({ status: 'new', subjectName: 'Asha Verma', version: expect.any(Number) });
    // Upright (EXIF orientation 6 applied), re-encoded as JPEG.
    expect(card?.file).toMatchObject({ seq: 1, contentType: 'image/jpeg', filename: 'aadhaar.jpg', width: 200, height: 300, masked: false, removed: false, scanStatus: 'skipped' });
    expectNoAadhaar(response.body, [aadhaar]);

    const after = await tableCounts(suite);
    expect(after.kyc_subjects - before.kyc_subjects).toBe(1);
    expect(after.kyc_documents - before.kyc_documents).toBe(3);
    expect(after.kyc_document_files - before.kyc_document_files).toBe(3);
    expect(after.blobs - before.blobs).toBe(3);
    expect(after.aadhaar_vault - before.aadhaar_vault).toBe(1);
    const audit = await suite.sql<{ entity: string; action: string; before: unknown; after: unknown }>(
      `SELECT entity, action, before, after FROM audit_log WHERE entity LIKE 'kyc%' AND actor_id = $1 ORDER BY id`,
      [maker.id],
    );
    expect(audit.map((row) => `${row.entity}:${row.action}`)).toEqual(['kyc_document:upload', 'kyc_document:upload', 'kyc_document:upload', 'kyc_subject:create']);
    expectNoAadhaar(JSON.stringify(audit), [aadhaar]);
    // The stored image carries no EXIF: what is served is only pixels.
    const [blob] = await suite.sql<{ id: string }>(
      `SELECT f.blob_id::text AS id FROM kyc_document_files f JOIN kyc_documents d ON d.id = f.document_id WHERE d.subject_id = $1 AND d.type = 'aadhaar_card'`,
      [subject.id],
    );
    const stored = await app.blobs.get(blob?.id as string);
    const bytes = Buffer.concat(await stored!.stream.toArray());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    const shown = await kycCall(app, maker, 'GET', `/subjects/${subject.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Subject>()).toEqual(subject);
  });

  it('names every bad field in one 422, and flags warnings without refusing', async () => {
    const { app, maker } = await kycCallers(suite);
    const response = await postSubject(app, maker, {
      name: 'x'.repeat(101),
      dob: '2999-01-01',
      gender: 'X',
      addressLine: '',
      city: 'Pune',
      state: 'Atlantis',
      pinCode: '011001',
      pan: 'ABCDE1234',
      aadhaar: '234567890123',
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ reasons: Record<string, { code: string }> }>().reasons).toEqual({
      name: { code: 'tooLong', params: { limit: 100 } },
      dob: { code: 'notInFuture' },
      gender: { code: 'oneOf', params: { values: 'M, F, T' } },
      addressLine: { code: 'required' },
      state: { code: 'invalid' },
      pinCode: { code: 'pinCode' },
      pan: { code: 'panFormat' },
      aadhaar: { code: 'aadhaarChecksum' },
    });
    expect((await postSubject(app, maker, 'not an object')).statusCode).toBe(422);
    const notJson = await kycCall(app, maker, 'POST', '/subjects', {});
    expect(notJson.json()).toMatchObject({ code: 'notMultipart' });

    const warned = await createSubject(app, maker, subjectInput({ name: 'Asha Verma', pan: newPan('K'), aadhaar: null }));
    expect(warned.warnings).toEqual({ pan: ['panSurnameInitial'] });
    expect(warned.aadhaar).toBeNull();
    const rare = await createSubject(app, maker, subjectInput({ pan: newPan('V', 'E') }));
    expect(rare.warnings).toEqual({ pan: ['panHolderTypeRare'] });
  });

  it('writes nothing when a file or a field is refused', async () => {
    const { app, maker } = await kycCallers(suite);
    const goodImage = { field: 'picture', filename: 'me.jpg', content: await plainImage('jpeg'), contentType: 'image/jpeg' };
    const cases = [
      {
        label: 'an HTML page named .jpg',
        subject: subjectInput(),
        files: [goodImage, { field: 'aadhaar_card', filename: 'card.jpg', content: SAMPLES.html, contentType: 'image/jpeg' }],
        status: 415,
        code: 'fileTypeRefused',
      },
      { label: 'a bad PAN', subject: subjectInput({ pan: 'ABCDE12345' }), files: [goodImage], status: 422, code: 'validation' },
      { label: 'a bad Verhoeff digit', subject: subjectInput({ aadhaar: '234567890123' }), files: [goodImage], status: 422, code: 'validation' },
      { label: 'an unreadable image', subject: subjectInput(), files: [goodImage, { field: 'signature', filename: 's.png', content: SAMPLES.png }], status: 422, code: 'kycImageUnreadable' },
      { label: 'a file field of no type', subject: subjectInput(), files: [goodImage, { field: 'passport', filename: 'p.jpg', content: await plainImage() }], status: 422, code: 'validation' },
      {
        label: 'a file past 10 MB',
        subject: subjectInput(),
        files: [goodImage, { field: 'pan_card', filename: 'big.jpg', content: Buffer.concat([await plainImage(), Buffer.alloc(10 * 1024 * 1024)]) }],
        status: 413,
        code: 'fileTooLarge',
      },
    ];
    for (const test of cases) {
      const before = await tableCounts(suite);
      const response = await postSubject(app, maker, test.subject, test.files);
      expect([response.statusCode, response.json<{ code: string }>().code], `${test.label}: ${response.body}`).toEqual([test.status, test.code]);
      expect(await tableCounts(suite), test.label).toEqual(before);
    }
  });

  it('refuses a PAN or an Aadhaar number another subject has, with 409 naming both', async () => {
    const { app, maker } = await kycCallers(suite);
    const first = subjectInput();
    await createSubject(app, maker, first);
    const before = await tableCounts(suite);
    const both = await postSubject(app, maker, subjectInput({ pan: first.pan, aadhaar: first.aadhaar }));
    expect(both.statusCode).toBe(409);
    expect(both.json<{ reasons: unknown }>().reasons).toEqual({ pan: { code: 'panTaken' }, aadhaar: { code: 'aadhaarTaken' } });
    const aadhaarOnly = await postSubject(app, maker, subjectInput({ aadhaar: first.aadhaar }));
    expect(aadhaarOnly.json<{ reasons: unknown }>().reasons).toEqual({ aadhaar: { code: 'aadhaarTaken' } });
    expectNoAadhaar(both.body + aadhaarOnly.body, [first.aadhaar as string]);
    expect(await tableCounts(suite)).toEqual(before);
  });

  it('answers 409 to the second of two uploads racing with one PAN, and keeps the first', async () => {
    const { app, maker, checker } = await kycCallers(suite);
    const pan = newPan('V');
    const image = { field: 'picture', filename: 'me.png', content: await plainImage('png') };
    // Whichever check sees the other first (the early one, or the unique index in the transaction).
    const answers = await Promise.all([postSubject(app, maker, subjectInput({ pan }), [image]), postSubject(app, checker, subjectInput({ pan }), [image])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json<{ reasons: unknown }>().reasons).toEqual({ pan: { code: 'panTaken' } });
    expect(await suite.sql('SELECT id FROM kyc_subjects WHERE pan = $1', [pan])).toHaveLength(1);

    // The unique index's own refusal names the field, on either database.
    const [row] = await suite.sql<{ aadhaar_ref: string | null; created_by: string }>('SELECT aadhaar_ref::text, created_by::text FROM kyc_subjects WHERE pan = $1', [pan]);
    const copy = (column: string, value: unknown) =>
      suite.sql(
        `INSERT INTO kyc_subjects (name, dob, gender, address_line, city, state, pin_code, pan, aadhaar_ref, aadhaar_last4, created_by)
         VALUES ('X', '1990-01-01', 'M', 'a', 'b', 'Goa', '403001', $1, $2, $3, $4)`,
        column === 'pan' ? [value, null, null, row?.created_by] : [newPan('V'), value, '1234', row?.created_by],
      ).then(
        () => null,
        (error: unknown) => error,
      );
    expect(takenError(await copy('pan', pan)).reasons).toEqual({ pan: { code: 'panTaken' } });
    expect(takenError(await copy('aadhaar', row?.aadhaar_ref)).reasons).toEqual({ aadhaar: { code: 'aadhaarTaken' } });
  });

  it('edits a subject against its version; a new Aadhaar number replaces the old, which leaves the vault', async () => {
    const { app, maker, checker } = await kycCallers(suite);
    const oldNumber = newAadhaar();
    const subject = await createSubject(app, maker, subjectInput({ aadhaar: oldNumber }));
    const [oldRef] = await suite.sql<{ ref: string }>('SELECT aadhaar_ref::text AS ref FROM kyc_subjects WHERE id = $1', [subject.id]);

    const stale = await kycCall(app, checker, 'PUT', `/subjects/${subject.id}`, { city: 'Mumbai', version: subject.version + 1 });
    expect([stale.statusCode, stale.json<{ code: string }>().code]).toEqual([409, 'staleEdit']);
    const bad = await kycCall(app, checker, 'PUT', `/subjects/${subject.id}`, { pinCode: '12', dob: '1990-02-30', version: subject.version });
    expect(bad.json<{ reasons: unknown }>().reasons).toEqual({ pinCode: { code: 'pinCode' }, dob: { code: 'date' } });

    const newNumber = newAadhaar();
    const edited = await kycCall(app, checker, 'PUT', `/subjects/${subject.id}`, { city: 'Mumbai', aadhaar: newNumber, version: subject.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Subject>()).toMatchObject({ city: 'Mumbai', name: 'Asha Verma', aadhaar: `XXXX-XXXX-${newNumber.slice(-4)}`, version: subject.version + 1 });
    expect(await suite.sql('SELECT 1 FROM aadhaar_vault WHERE ref = $1', [oldRef?.ref])).toEqual([]);
    expect(await app.aadhaarVault.findRefByNumber(newNumber)).not.toBeNull();

    // Nothing changed: nothing written, the version stays.
    const same = await kycCall(app, checker, 'PUT', `/subjects/${subject.id}`, { city: 'Mumbai', version: subject.version + 1 });
    expect(same.json<Subject>().version).toBe(subject.version + 1);
    const audit = await suite.sql<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'kyc_subject' AND entity_id = $1 ORDER BY id`,
      [String(subject.id)],
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
    expectNoAadhaar(JSON.stringify(audit) + edited.body, [oldNumber, newNumber]);
    expect((await kycCall(app, checker, 'PUT', '/subjects/999999999', { city: 'X', version: 1 })).statusCode).toBe(404);
  });

  it('lets a reviewer claim a subject: its new documents become pending', async () => {
    const { app, maker, checker } = await kycCallers(suite);
    const subject = await createSubject(app, maker, subjectInput(), [{ field: 'picture', filename: 'me.jpg', content: await plainImage() }]);
    const claimed = await kycCall(app, checker, 'POST', `/subjects/${subject.id}/claim`, { version: subject.version });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const body = claimed.json<Subject>();
    expect(body).toMatchObject({ assignee: { id: checker.id, username: checker.username }, status: 'pending' });
    expect(body.documents?.map((document) => [document.status, document.assignee?.id])).toEqual([['pending', checker.id]]);
    const stale = await kycCall(app, checker, 'POST', `/subjects/${subject.id}/claim`, { version: subject.version });
    expect(stale.statusCode).toBe(409);
  });
});
