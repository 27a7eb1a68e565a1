import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { allAreasConfigFile } from '../admin/admin-helper';
import { describeEachDatabase, type Session } from '../helper';
import { AADHAAR_MASK_MIN_HEIGHT_PERCENT, AADHAAR_MASK_MIN_WIDTH_PERCENT } from '../../../common/domains/kyc/rules';
import { serverMessage } from '../../../common/messages';
import { plainImage } from './kyc-fixtures';
import { createSubject, expectNoAadhaar, kycCall, kycCallers, postForm, reviewedSubject, setScanPolicy, subjectInput, tableCounts, type Document, type KycCallers, type Subject } from './kyc-helper';

async function decide(app: KycCallers['app'], session: Session, document: Document, body: Record<string, unknown>) {
  return kycCall(app, session, 'POST', `/documents/${document.id}/decision`, { version: document.version, ...body });
}

describeEachDatabase('KYC documents', (suite) => {
  it('takes a new file version: seq 2, status back to new, the decision cleared, audited as a reupload', async () => {
    const callers = await kycCallers(suite);
    const { app, maker, checker } = callers;
    await setScanPolicy(suite, 'off');
    const { subject, documents } = await reviewedSubject(callers);
    const rejected = await decide(app, checker, documents.pan_card as Document, { decision: 'reject', reason: 'bad_quality', comment: 'blurred' });
    expect(rejected.json<Document>()).toMatchObject({ status: 'rejected', reason: 'bad_quality', comment: 'blurred', decidedBy: { id: checker.id } });

    const upload = await postForm(app, maker, `/subjects/${subject.id}/documents/pan_card`, {}, [{ field: 'file', filename: 'pan2.jpg', content: await plainImage('jpeg', 300, 200) }]);
    expect(upload.statusCode, upload.body).toBe(201);
    const document = upload.json<Document>();
    expect(document).toMatchObject({ id: documents.pan_card?.id, status: 'new', reason: null, comment: null, decidedBy: null, file: { seq: 2, width: 300, filename: 'pan2.jpg' } });
    expect(document.files?.map((file) => file.seq)).toEqual([1]);
    const [subjectRow] = await suite.sql<{ status: string }>('SELECT status FROM kyc_subjects WHERE id = $1', [subject.id]);
    expect(subjectRow?.status).toBe('pending');

    const firstOfType = await postForm(app, maker, `/subjects/${subject.id}/documents/signature`, {}, [{ field: 'file', filename: 's.png', content: await plainImage('png') }]);
    expect(firstOfType.json<Document>()).toMatchObject({ type: 'signature', status: 'new', file: { seq: 1 } });
    const actions = await suite.sql<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'kyc_document' AND entity_id IN ($1, $2) ORDER BY id`, [
      String(document.id),
      String(firstOfType.json<Document>().id),
    ]);
    expect(actions.map((row) => row.action)).toEqual(['upload', 'reject', 'reupload', 'upload']);

    const wrongKind = await postForm(app, maker, `/subjects/${subject.id}/documents/digital_pan`, {}, [{ field: 'file', filename: 'x.pdf', content: await plainImage() }]);
    expect([wrongKind.statusCode, wrongKind.json<{ code: string }>().code]).toEqual([415, 'fileTypeRefused']);
    const noFile = await postForm(app, maker, `/subjects/${subject.id}/documents/picture`, {});
    expect(noFile.json<{ reasons: unknown }>().reasons).toEqual({ file: { code: 'required' } });
    const noSubject = await postForm(app, maker, '/subjects/999999999/documents/picture', {}, [{ field: 'file', filename: 'a.png', content: await plainImage('png') }]);
    expect([noSubject.statusCode, noSubject.json<{ code: string }>().code]).toEqual([404, 'kycSubjectNotFound']);
  });

  it('decides with maker-checker, the transitions, reasons and the version; the subject status follows', async () => {
    const callers = await kycCallers(suite);
    const { app, maker, checker } = callers;
    await setScanPolicy(suite, 'off');
    const { subject, documents } = await reviewedSubject(callers);
    const pan = documents.pan_card as Document;

    const own = await decide(app, maker, pan, { decision: 'approve' });
    expect([own.statusCode, own.json<{ code: string }>().code]).toEqual([403, 'kycMakerChecker']);
    const noReason = await decide(app, checker, pan, { decision: 'revision' });
    expect([noReason.statusCode, noReason.json<{ reasons: unknown }>().reasons]).toEqual([422, { reason: { code: 'reasonRequired' } }]);
    const stale = await decide(app, checker, pan, { decision: 'approve', version: pan.version - 1 });
    expect([stale.statusCode, stale.json<{ code: string }>().code]).toEqual([409, 'staleEdit']);
    const badReset = await decide(app, checker, pan, { decision: 'reset' });
    expect([badReset.statusCode, badReset.json<{ code: string }>().code]).toEqual([409, 'kycBadTransition']);

    const approved = await decide(app, checker, pan, { decision: 'approve', comment: ' fine ' });
    expect(approved.json<Document>()).toMatchObject({ status: 'approved', comment: 'fine', reason: null, decidedBy: { id: checker.id, username: checker.username } });
    const twice = await decide(app, checker, approved.json<Document>(), { decision: 'approve' });
    expect(twice.json<{ code: string }>().code).toBe('kycBadTransition');
    const reset = await decide(app, checker, approved.json<Document>(), { decision: 'reset', comment: 'looked again' });
    expect(reset.json<Document>()).toMatchObject({ status: 'pending', decidedBy: null, comment: null });
    const again = await decide(app, checker, reset.json<Document>(), { decision: 'approve' });
    expect(again.statusCode).toBe(200);

    // The Aadhaar card image must be masked first.
    const card = documents.aadhaar_card as Document;
    const unmasked = await decide(app, checker, card, { decision: 'approve' });
    expect([unmasked.statusCode, unmasked.json<{ code: string }>().code]).toEqual([409, 'kycNotMasked']);
    const masked = await kycCall(app, checker, 'POST', `/documents/${card.id}/mask`, { rects: [{ x: 0, y: 0, width: 100, height: 40 }], version: card.version });
    expect(masked.statusCode, masked.body).toBe(200);
    expect((await decide(app, checker, masked.json<Document>(), { decision: 'approve' })).statusCode).toBe(200);
    let [row] = await suite.sql<{ status: string }>('SELECT status FROM kyc_subjects WHERE id = $1', [subject.id]);
    expect(row?.status).toBe('pending');
    // Every required group approved: PAN, Aadhaar, picture.
    expect((await decide(app, checker, documents.picture as Document, { decision: 'approve' })).statusCode).toBe(200);
    [row] = await suite.sql<{ status: string }>('SELECT status FROM kyc_subjects WHERE id = $1', [subject.id]);
    expect(row?.status).toBe('approved');
    const shown = await kycCall(app, checker, 'GET', `/subjects/${subject.id}`);
    expect(shown.json<Subject>().status).toBe('approved');
  });

  it('refuses to approve a file not scanned clean while the policy requires it, saying so when no scanner is configured', async () => {
    const callers = await kycCallers(suite);
    const { app, checker, admin } = callers;
    await setScanPolicy(suite, 'required');
    const { documents } = await reviewedSubject(callers);
    const picture = documents.picture as Document;
    expect(picture.file?.scanStatus).toBe('skipped');
    // No scanner here: the refusal says that none is configured and where an Admin changes the policy.
    const refused = await decide(app, checker, picture, { decision: 'approve' });
    expect([refused.statusCode, refused.json()]).toEqual([409, { code: 'kycNoScanner', message: serverMessage('kycNoScanner') }]);
    expect(refused.json<{ message: string }>().message).toMatch(/^No virus scanner is configured.*KYC settings/);
    // An instance with a scanner configured (unreachable here: only its configuration counts) blames the file.
    const scanning = await suite.build({ APP_CONFIG: allAreasConfigFile(), CLAMD_SOCKET: path.join(suite.dataDir(), 'no-clamd.sock') });
    const unclean = await decide(scanning, checker, picture, { decision: 'approve' });
    expect([unclean.statusCode, unclean.json<{ code: string }>().code]).toEqual([409, 'kycScanNotClean']);
    // Rejecting needs no scan.
    expect((await decide(app, checker, documents.pan_card as Document, { decision: 'reject', reason: 'other' })).statusCode).toBe(200);
    const off = await postForm(app, admin, '/settings', { scanPolicy: 'off' }, [], 'PUT');
    expect(off.json()).toMatchObject({ scanPolicy: 'off', scannerConfigured: false });
    expect((await decide(app, checker, picture, { decision: 'approve' })).statusCode).toBe(200);
  });

  it('masks the Aadhaar card image in its pixels and deletes every unmasked copy', async () => {
    const callers = await kycCallers(suite);
    const { app, maker, checker } = callers;
    const { subject, documents } = await reviewedSubject(callers);
    // A second, unmasked version: the first one stays as an earlier file until the mask.
    const second = await postForm(app, maker, `/subjects/${subject.id}/documents/aadhaar_card`, {}, [
      { field: 'file', filename: 'aadhaar2.png', content: await plainImage('png', 200, 100, '#ffffff') },
    ]);
    const card = second.json<Document>();
    const outside = await kycCall(app, checker, 'POST', `/documents/${card.id}/mask`, { rects: [{ x: 150, y: 0, width: 60, height: 10 }], version: card.version });
    expect([outside.statusCode, outside.json<{ reasons: unknown }>().reasons]).toEqual([422, { rects: { code: 'maskArea' } }]);
    const stale = await kycCall(app, checker, 'POST', `/documents/${card.id}/mask`, { rects: [{ x: 0, y: 0, width: 10, height: 10 }], version: card.version + 1 });
    expect(stale.statusCode).toBe(409);

    const blobsBefore = await tableCounts(suite);
    const response = await kycCall(app, checker, 'POST', `/documents/${card.id}/mask`, { rects: [{ x: 10, y: 10, width: 120, height: 30 }], version: card.version });
    expect(response.statusCode, response.body).toBe(200);
    const masked = response.json<Document>();
    expect(masked.version).toBeGreaterThan(card.version);
    expect(masked.file).toMatchObject({ id: card.file?.id, seq: 2, masked: true, removed: false, contentType: 'image/png', width: 200, height: 100 });
    expect(masked.files).toEqual([expect.objectContaining({ seq: 1, masked: false, removed: true })]);
    // Two unmasked files gone, one masked file in: one blob fewer.
    expect((await tableCounts(suite)).blobs).toBe(blobsBefore.blobs - 1);

    const file = await kycCall(app, checker, 'GET', `/documents/${card.id}/file`);
    expect(file.statusCode).toBe(200);
    const { data, info } = await sharp(file.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(10, 10)).toEqual([0, 0, 0]);
    expect(pixel(129, 39)).toEqual([0, 0, 0]);
    expect(pixel(130, 40)).toEqual([255, 255, 255]);
    const earlier = await kycCall(app, checker, 'GET', `/documents/${card.id}/file?fileId=${masked.files?.[0]?.id}`);
    expect(earlier.statusCode).toBe(404);
    const audit = await suite.sql<{ after: { removedFiles: number[] } }>(`SELECT after FROM audit_log WHERE entity = 'kyc_document' AND entity_id = $1 AND action = 'mask'`, [
      String(card.id),
    ]);
    expect(audit.map((row) => row.after.removedFiles)).toEqual([[masked.files?.[0]?.id]]);
    expect(documents.aadhaar_card?.id).toBe(card.id);

    const pdfLike = await kycCall(app, checker, 'POST', '/documents/999999999/mask', { rects: [{ x: 0, y: 0, width: 1, height: 1 }], version: 1 });
    expect(pdfLike.statusCode).toBe(404);
  });

  it('refuses a mask of an Aadhaar card too small to hide the number (a pixel in a corner); a plausible one is accepted', async () => {
    const callers = await kycCallers(suite);
    const { app, checker } = callers;
    await setScanPolicy(suite, 'off');
    const { documents } = await reviewedSubject(callers);
    const card = documents.aadhaar_card as Document;
    // 200 × 300 once turned upright: at least 12 % of 200 = 24 px wide and 3 % of 300 = 9 px high.
    expect([card.file?.width, card.file?.height]).toEqual([200, 300]);
    const mask = (rects: unknown[]) => kycCall(app, checker, 'POST', `/documents/${card.id}/mask`, { rects, version: card.version });
    const minimum = { width: AADHAAR_MASK_MIN_WIDTH_PERCENT, height: AADHAAR_MASK_MIN_HEIGHT_PERCENT };
    for (const rects of [
      [{ x: 0, y: 0, width: 1, height: 1 }],
      [{ x: 10, y: 100, width: 23, height: 9 }],
      [{ x: 10, y: 100, width: 200 - 10, height: 8 }],
      // Many small ones do not add up to one that hides a number.
      Array.from({ length: 20 }, (_, index) => ({ x: index * 10, y: 100, width: 10, height: 10 })),
    ]) {
      const refused = await mask(rects);
      expect([refused.statusCode, refused.json()]).toEqual([
        422,
        { code: 'kycMaskTooSmall', message: serverMessage('kycMaskTooSmall', minimum), params: minimum, errors: { rects: expect.any(String) }, reasons: { rects: { code: 'maskTooSmall', params: minimum } } },
      ]);
    }
    // Nothing changed: still unmasked, so not approvable.
    const unchanged = (await kycCall(app, checker, 'GET', `/documents/${card.id}`)).json<Document>();
    expect([unchanged.version, unchanged.file?.masked]).toEqual([card.version, false]);
    expect((await decide(app, checker, unchanged, { decision: 'approve' })).json<{ code: string }>().code).toBe('kycNotMasked');

    const accepted = await mask([{ x: 0, y: 0, width: 1, height: 1 }, { x: 10, y: 100, width: 24, height: 9 }]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Document>().file?.masked).toBe(true);
    expect((await decide(app, checker, accepted.json<Document>(), { decision: 'approve' })).statusCode).toBe(200);
  });

  it('serves a file as an inert attachment, auditing the view before the bytes', async () => {
    const callers = await kycCallers(suite);
    const { app, checker } = callers;
    const { documents } = await reviewedSubject(callers);
    const picture = documents.picture as Document;
    const response = await kycCall(app, checker, 'GET', `/documents/${picture.id}/file?purpose=download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': "attachment; filename*=UTF-8''me.png",
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'no-store',
    });
    expect(response.rawPayload.length).toBe(picture.file?.size);
    expect((await sharp(response.rawPayload).metadata()).format).toBe('png');
    const audit = await suite.sql<{ action: string; actor_id: string; after: unknown }>(
      `SELECT action, actor_id::text AS actor_id, after FROM audit_log WHERE entity = 'kyc_document' AND entity_id = $1 AND action IN ('view', 'download')`,
      [String(picture.id)],
    );
    expect(audit).toEqual([{ action: 'download', actor_id: checker.id, after: { fileId: picture.file?.id, seq: 1 } }]);
    const viewed = await kycCall(app, checker, 'GET', `/documents/${picture.id}/file?fileId=${picture.file?.id}`);
    expect(viewed.statusCode).toBe(200);
    const missing = await kycCall(app, checker, 'GET', `/documents/${picture.id}/file?fileId=999999999`);
    expect(missing.statusCode).toBe(404);
    const otherDocument = await kycCall(app, checker, 'GET', `/documents/${documents.pan_card?.id}/file?fileId=${picture.file?.id}`);
    expect(otherDocument.statusCode).toBe(404);
    expect((await kycCall(app, checker, 'GET', '/documents/999999999/file')).json()).toMatchObject({ code: 'kycDocumentNotFound' });

    // No audit row, no bytes: a log that refuses the row refuses the file.
    await suite.sql(`ALTER TABLE audit_log ADD CONSTRAINT kyc_test_no_download CHECK (action <> 'download') NOT VALID`);
    try {
      const unaudited = await kycCall(app, checker, 'GET', `/documents/${picture.id}/file?purpose=download`);
      expect(unaudited.statusCode).toBe(500);
      expect(unaudited.headers['content-type']).toMatch(/json/);
      expect(unaudited.rawPayload.includes(response.rawPayload.subarray(0, 16))).toBe(false);
    } finally {
      await suite.sql('ALTER TABLE audit_log DROP CONSTRAINT kyc_test_no_download');
    }
  });

  it('answers one document with its files and never a full Aadhaar number', async () => {
    const callers = await kycCallers(suite);
    const { app, checker } = callers;
    const aadhaar = subjectInput().aadhaar as string;
    const created = await createSubject(app, callers.maker, subjectInput({ aadhaar }), [{ field: 'picture', filename: 'me.png', content: await plainImage('png') }]);
    const document = created.documents?.[0] as Document;
    const shown = await kycCall(app, checker, 'GET', `/documents/${document.id}`);
    expect(shown.json<Document>()).toMatchObject({ id: document.id, subjectId: created.id, subjectName: 'Asha Verma', files: [] });
    expectNoAadhaar(shown.body, [aadhaar]);
    expect((await kycCall(app, checker, 'GET', '/documents/999999999')).statusCode).toBe(404);
  });
});
