import { X509Certificate } from 'node:crypto';
import { HttpError } from '../../../errors.js';

// The UIDAI certificate an Admin uploads in the KYC settings: stored as PEM whatever form it
// came in, and described (subject, issuer, expiry, fingerprint) so the Admin can see which
// certificate digital Aadhaar files are checked against.

export interface CertificateInfo {
  pem: string;
  subject: string;
  issuer: string;
  /** ISO 8601. */
  notAfter: string;
  /** SHA-256 of the DER bytes, upper-case hex pairs joined by colons (as openssl prints it). */
  fingerprint256: string;
}

/** A certificate in PEM or DER; anything else → HttpError 422 `kycCertificateInvalid`. */
export function parseCertificate(bytes: Buffer): CertificateInfo {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(bytes);
  } catch {
    throw new HttpError(422, 'kycCertificateInvalid');
  }
  return {
    pem: certificate.toString(),
    subject: certificate.subject,
    issuer: certificate.issuer,
    notAfter: new Date(certificate.validTo).toISOString(),
    fingerprint256: certificate.fingerprint256,
  };
}
