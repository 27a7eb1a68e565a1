import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ScannerUnavailableError, type VirusScanner } from '../../../server/src/modules/kyc/files/virus-scanner';
import { makeOfflineEkycZip, makeTestSigner, type TestSigner } from '../../fixtures/offline-ekyc';
import { addSignatureField, pdf } from '../../fixtures/kyc-pdfs';
import { describeWithClamd, startClamd, type Clamd } from './files/clamd-fixture';
import { describeEachDatabase } from '../helper';
import { plainImage } from './kyc-fixtures';
import { createSubject, kycCall, kycCallers, postForm, postSubject, subjectInput, tableCounts, type Document, type Subject } from './kyc-helper';

// Each kind of file through the upload routes with the file services behind them: PDFs
// (pages, an e-PAN's signature), a digital Aadhaar (share code, pinned certificate, fields
// compared with the subject) and the virus scan (infected, scanner down, clean).

const SHARE_CODE = 'Ab12';

/** The scanner the app uses from now on (the KYC routes read `fastify.virusScanner` per upload). */
function useScanner(app: FastifyInstance, scanner: VirusScanner): void {
  (app as unknown as { virusScanner: VirusScanner }).virusScanner = scanner;
}

describeEachDatabase('KYC file checks', (suite) => {
  let uidai: TestSigner;
  beforeAll(() => {
    uidai = makeTestSigner();
  });

  it('counts a PDF’s pages and marks a signed e-PAN "digitally signed, not verified"', async () => {
    const { app, maker } = await kycCallers(suite);
    const subject = await createSubject(app, maker, subjectInput(), [
      { field: 'pan_card', filename: 'pan.pdf', content: await pdf(2) },
      { field: 'digital_pan', filename: 'epan.pdf', content: await pdf(1, (document) => addSignatureField(document, true)) },
    ]);
    const byType = Object.fromEntries((subject.documents ?? []).map((document) => [document.type, document.file]));
    expect(byType.pan_card).toMatchObject({ contentType: 'application/pdf', pages: 2, verification: null, width: null });
    expect(byType.digital_pan).toMatchObject({ pages: 1, verification: 'not_verified' });

    const before = await tableCounts(suite);
    const broken = await postSubject(app, maker, subjectInput(), [{ field: 'pan_card', filename: 'pan.pdf', content: Buffer.from('%PDF-1.7\nnot really') }]);
    expect([broken.statusCode, broken.json<{ code: string }>().code]).toEqual([422, 'kycPdfUnreadable']);
    expect(await tableCounts(suite)).toEqual(before);
  });

  it('opens a digital Aadhaar with its share code against the pinned certificate and compares it with the subject', async () => {
    const { app, maker, admin } = await kycCallers(suite);
    // The fixture's holder: Asha Verma, 1990-04-01, F, PIN 411001, Aadhaar ending 1234.
    const subject = await createSubject(app, maker, subjectInput({ aadhaar: null }));
    const other = await createSubject(app, maker, subjectInput({ name: 'Ravi Kumar', pinCode: '560001', aadhaar: null }));
    const zip = await makeOfflineEkycZip(uidai, SHARE_CODE);
    const upload = (target: Subject, shareCode?: string, content = zip) =>
      postForm(app, maker, `/subjects/${target.id}/documents/digital_aadhaar`, shareCode === undefined ? {} : { shareCode }, [{ field: 'file', filename: 'offline.zip', content }]);

    await suite.sql('UPDATE kyc_settings SET uidai_certificate = NULL');
    const before = await tableCounts(suite);
    const noCertificate = await upload(subject, SHARE_CODE);
    expect([noCertificate.statusCode, noCertificate.json<{ code: string }>().code]).toEqual([409, 'kycNoUidaiCertificate']);
    const pinned = await postForm(app, admin, '/settings', {}, [{ field: 'certificate', filename: 'uidai.cer', content: Buffer.from(uidai.certificatePem) }], 'PUT');
    expect(pinned.statusCode, pinned.body).toBe(200);
    const afterPin = await tableCounts(suite);

    const noCode = await upload(subject);
    expect(noCode.json<{ reasons: unknown }>().reasons).toEqual({ shareCode: { code: 'required' } });
    const wrongCode = await upload(subject, 'Zz99');
    expect([wrongCode.statusCode, wrongCode.json<{ code: string }>().code]).toEqual([422, 'kycShareCode']);
    const stranger = await makeOfflineEkycZip(makeTestSigner('Someone else'), SHARE_CODE);
    const forged = await upload(subject, SHARE_CODE, stranger);
    expect([forged.statusCode, forged.json<{ code: string }>().code]).toEqual([422, 'kycAadhaarSignature']);
    // Refused uploads wrote nothing; pinning the certificate wrote its audit row.
    expect(await tableCounts(suite)).toEqual(afterPin);
    expect(afterPin).toEqual({ ...before, audit_log: before.audit_log + 1 });

    const verified = await upload(subject, SHARE_CODE);
    expect(verified.statusCode, verified.body).toBe(201);
    const document = verified.json<Document & { file: { verification: string; extracted: Record<string, unknown> } }>();
    expect(document.file).toMatchObject({ contentType: 'application/zip', verification: 'verified' });
    expect(document.file.extracted).toEqual({
      referenceId: '123420250224175050317',
      generatedAt: '2025-02-24T12:20:50.317Z',
      name: 'Asha Verma',
      dob: '1990-04-01',
      gender: 'F',
      addressLine: '12, MG Road, Near Shivaji Park, Camp, Pune City',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411001',
      aadhaarLast4: '1234',
      mismatches: [],
    });
    const mismatched = await upload(other, SHARE_CODE);
    expect(mismatched.json<{ file: { extracted: { mismatches: string[] } } }>().file.extracted.mismatches).toEqual(['name', 'pinCode']);
  });

  it('refuses an infected file and answers 503 while the scanner is down, writing nothing', async () => {
    const { app, maker, checker } = await kycCallers(suite);
    const image = { field: 'picture', filename: 'me.png', content: await plainImage('png') };
    useScanner(app, { configured: true, scan: async () => ({ status: 'infected', signature: 'Test.Virus' }) });
    const before = await tableCounts(suite);
    const infected = await postSubject(app, maker, subjectInput(), [image]);
    expect([infected.statusCode, infected.json()]).toEqual([422, expect.objectContaining({ code: 'kycInfected', params: { signature: 'Test.Virus' } })]);
    useScanner(app, {
      configured: true,
      scan: async () => {
        throw new ScannerUnavailableError('clamd at unix:/nowhere: connection refused');
      },
    });
    const down = await postSubject(app, maker, subjectInput(), [image]);
    expect([down.statusCode, down.json<{ code: string }>().code, down.headers['retry-after']]).toEqual([503, 'kycScanUnavailable', '30']);
    expect(await tableCounts(suite)).toEqual(before);

    // Scanned clean: approvable while the policy requires a clean scan.
    useScanner(app, { configured: true, scan: async () => ({ status: 'clean' }) });
    await suite.sql(`UPDATE kyc_settings SET scan_policy = 'required'`);
    const subject = await createSubject(app, maker, subjectInput(), [image]);
    const picture = subject.documents?.[0] as Document;
    expect(picture.file?.scanStatus).toBe('clean');
    expect((await kycCall(app, checker, 'GET', '/settings')).json()).toMatchObject({ scannerConfigured: true });
    const approved = await kycCall(app, checker, 'POST', `/documents/${picture.id}/decision`, { decision: 'approve', version: picture.version });
    expect(approved.statusCode, approved.body).toBe(200);
  });
});

describeWithClamd('KYC uploads scanned by a real clamd', () => {
  let clamd: Clamd;
  beforeAll(async () => {
    clamd = await startClamd();
  }, 90_000);
  afterAll(() => clamd?.stop());

  describeEachDatabase('KYC uploads scanned by clamd', (suite) => {
    it('stores a clean file as scanned clean, and answers 503 once clamd is gone', async () => {
      const socket = (clamd.target as { socketPath: string }).socketPath;
      const { app, maker } = await kycCallers(suite, { CLAMD_SOCKET: socket });
      const subject = await createSubject(app, maker, subjectInput(), [{ field: 'picture', filename: 'me.png', content: await plainImage('png') }]);
      expect(subject.documents?.[0]?.file?.scanStatus).toBe('clean');
      const gone = await kycCallers(suite, { CLAMD_SOCKET: `${socket}.missing` });
      const down = await postSubject(gone.app, gone.maker, subjectInput(), [{ field: 'picture', filename: 'me.png', content: await plainImage('png') }]);
      expect([down.statusCode, down.json<{ code: string }>().code]).toEqual([503, 'kycScanUnavailable']);
    });
  });
});
