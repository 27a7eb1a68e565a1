import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KYC_SCAN_POLICIES, type KycScanPolicy } from '../../../../common/domains/kyc/model.js';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { readUpload, type UploadPolicy } from '../../lib/upload-guard/index.js';
import { parseCertificate } from './files/certificate.js';

// The KYC settings (docs/kyc.md): the scanning policy and the pinned UIDAI certificate.
// Any role reads them; Admin+ change them (multipart: `scanPolicy`, optional file `certificate`).

/** A certificate is a few kilobytes; a chain a little more. */
const CERTIFICATE_MAX_BYTES = 64 * 1024;

/** The settings form (routes-settings.ts), as the upload guard holds it. */
export const SETTINGS_FORM: UploadPolicy = { files: { certificate: { kinds: ['certificate'], maxBytes: CERTIFICATE_MAX_BYTES } }, fields: ['scanPolicy'] };

export interface CertificateSummary {
  subject: string;
  issuer: string;
  notAfter: string;
  fingerprint256: string;
}

export interface SettingsAnswer {
  scanPolicy: KycScanPolicy;
  scannerConfigured: boolean;
  certificate: CertificateSummary | null;
}

export interface StoredSettings {
  scanPolicy: KycScanPolicy;
  certificatePem: string | null;
}

export async function readSettings(q: Queryable): Promise<StoredSettings> {
  const { rows } = await q.query<{ scan_policy: KycScanPolicy; uidai_certificate: string | null }>('SELECT scan_policy, uidai_certificate FROM kyc_settings');
  return { scanPolicy: rows[0]?.scan_policy ?? 'required', certificatePem: rows[0]?.uidai_certificate ?? null };
}

export function createSettingsService(fastify: FastifyInstance) {
  const { db } = fastify;

  function answer(stored: StoredSettings): SettingsAnswer {
    let certificate: CertificateSummary | null = null;
    if (stored.certificatePem) {
      const { subject, issuer, notAfter, fingerprint256 } = parseCertificate(Buffer.from(stored.certificatePem));
      certificate = { subject, issuer, notAfter, fingerprint256 };
    }
    return { scanPolicy: stored.scanPolicy, scannerConfigured: fastify.virusScanner.configured, certificate };
  }

  return {
    get: async () => answer(await readSettings(db)),

    async update(actor: AuditActor, request: FastifyRequest): Promise<SettingsAnswer> {
      const { fields, files } = await readUpload(request);
      const certificate = files[0]?.data;
      const policy = fields.scanPolicy;
      if (policy !== undefined && !(KYC_SCAN_POLICIES as readonly string[]).includes(policy)) {
        throw new HttpError(422, 'validation', { scanPolicy: { code: 'oneOf', params: { values: KYC_SCAN_POLICIES.join(', ') } } });
      }
      const parsed = certificate ? parseCertificate(certificate) : undefined;
      return db.transaction(async (tx) => {
        const before = await readSettings(tx);
        await tx.query(
          `UPDATE kyc_settings SET scan_policy = coalesce($1, scan_policy), uidai_certificate = coalesce($2, uidai_certificate), updated_by = $3, updated_at = now()`,
          [policy ?? null, parsed?.pem ?? null, actor.id],
        );
        const after = await readSettings(tx);
        const summary = (stored: StoredSettings) => ({ scanPolicy: stored.scanPolicy, certificate: stored.certificatePem ? answer(stored).certificate?.fingerprint256 : null });
        await recordAudit(tx, { actor, entity: 'kyc_settings', entityId: '1', action: 'update', before: summary(before), after: summary(after) });
        return answer(after);
      });
    },
  };
}
