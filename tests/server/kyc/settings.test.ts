import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import { kycCall, kycCallers, postForm } from './kyc-helper';

/** A self-signed certificate as UIDAI's would be pinned (only its shape matters here). */
function certificate(commonName: string): { pem: string; der: Buffer } {
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date('2024-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2034-01-01T00:00:00Z');
  const attributes = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'UIDAI Test' }];
  cert.setSubject(attributes);
  cert.setIssuer(attributes);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const pem = forge.pki.certificateToPem(cert);
  return { pem, der: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary') };
}

describeEachDatabase('KYC settings', (suite) => {
  it('are read by every role and changed by Admin+, the certificate pinned as PEM and described', async () => {
    const { app, maker, admin } = await kycCallers(suite);
    const initial = await kycCall(app, maker, 'GET', '/settings');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({ scanPolicy: expect.stringMatching(/^(required|off)$/), scannerConfigured: false });

    const refused = await postForm(app, maker, '/settings', { scanPolicy: 'off' }, [], 'PUT');
    expect(refused.statusCode).toBe(403);

    const { pem, der } = certificate('Test Signer');
    const saved = await postForm(app, admin, '/settings', { scanPolicy: 'required' }, [{ field: 'certificate', filename: 'uidai.cer', content: der }], 'PUT');
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = new X509Certificate(pem);
    expect(saved.json()).toEqual({
      scanPolicy: 'required',
      scannerConfigured: false,
      certificate: { subject: expected.subject, issuer: expected.issuer, notAfter: '2034-01-01T00:00:00.000Z', fingerprint256: expected.fingerprint256 },
    });
    const [row] = await suite.sql<{ uidai_certificate: string }>('SELECT uidai_certificate FROM kyc_settings');
    expect(row?.uidai_certificate).toContain('-----BEGIN CERTIFICATE-----');

    // The policy alone: the certificate stays.
    const off = await postForm(app, admin, '/settings', { scanPolicy: 'off' }, [], 'PUT');
    expect(off.json()).toMatchObject({ scanPolicy: 'off', certificate: { fingerprint256: expected.fingerprint256 } });
    expect((await kycCall(app, maker, 'GET', '/settings')).json()).toEqual(off.json());

    const bad = await postForm(app, admin, '/settings', {}, [{ field: 'certificate', filename: 'x.cer', content: Buffer.from('not a certificate') }], 'PUT');
    expect([bad.statusCode, bad.json<{ code: string }>().code]).toEqual([422, 'kycCertificateInvalid']);
    const badPolicy = await postForm(app, admin, '/settings', { scanPolicy: 'sometimes' }, [], 'PUT');
    expect(badPolicy.json<{ reasons: unknown }>().reasons).toEqual({ scanPolicy: { code: 'oneOf', params: { values: 'required, off' } } });
    expect((await kycCall(app, maker, 'GET', '/settings')).json()).toEqual(off.json());

    const audit = await suite.sql<{ before: unknown; after: unknown }>(`SELECT before, after FROM audit_log WHERE entity = 'kyc_settings' ORDER BY id DESC LIMIT 2`);
    expect(audit).toEqual([
      { before: { scanPolicy: 'required', certificate: expected.fingerprint256 }, after: { scanPolicy: 'off', certificate: expected.fingerprint256 } },
      { before: expect.any(Object), after: { scanPolicy: 'required', certificate: expected.fingerprint256 } },
    ]);
  });
});
