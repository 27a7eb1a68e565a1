import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/src/errors.js';
import { parseCertificate } from '../../../server/src/modules/kyc/files/certificate.js';
import { makeTestSigner, type TestSigner } from '../../fixtures/offline-ekyc.js';

// The UIDAI certificate an Admin uploads: PEM or DER, described for the settings page.

describe('parseCertificate', () => {
  let signer: TestSigner;
  beforeAll(() => {
    signer = makeTestSigner('DS TEST UIDAI 05');
  });

  it('reads PEM and DER alike and keeps PEM', () => {
    const fromPem = parseCertificate(Buffer.from(signer.certificatePem));
    const fromDer = parseCertificate(signer.certificateDer);
    expect(fromDer).toEqual(fromPem);
    expect(fromPem.pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n?$/);
    expect(fromPem.subject).toContain('CN=DS TEST UIDAI 05');
    expect(fromPem.issuer).toBe(fromPem.subject);
    expect(fromPem.notAfter).toBe('2034-01-01T00:00:00.000Z');
    const digest = createHash('sha256').update(signer.certificateDer).digest('hex').toUpperCase();
    expect(fromPem.fingerprint256).toBe(digest.match(/../g)!.join(':'));
  });

  it('refuses what is not a certificate', () => {
    const privateKey = Buffer.from(signer.privateKeyPem);
    for (const bytes of [Buffer.from('garbage'), Buffer.alloc(0), privateKey, signer.certificateDer.subarray(0, 100)]) {
      let caught: unknown = null;
      try {
        parseCertificate(bytes);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(HttpError);
      expect((caught as HttpError).code).toBe('kycCertificateInvalid');
      expect((caught as HttpError).statusCode).toBe(422);
    }
  });
});
