import type { FastifyInstance } from 'fastify';
import type { KycScanPolicy } from '../../../../common/domains/kyc/model.js';

/**
 * The scan policy of an install whose KYC settings no Admin has saved yet (`updated_by` is
 * null until one does): `off` for a demo install (DEMO_DATA) without a virus scanner, so its
 * documents can be approved at all; `required` otherwise, and always once a scanner is
 * configured. Set at every start until an Admin chooses, then never touched again.
 */
export function defaultScanPolicy(demoData: boolean, scannerConfigured: boolean): KycScanPolicy {
  return demoData && !scannerConfigured ? 'off' : 'required';
}

export async function applyDefaultScanPolicy(fastify: FastifyInstance): Promise<void> {
  const policy = defaultScanPolicy(fastify.env.DEMO_DATA, fastify.virusScanner.configured);
  // One statement: of instances starting together, the one whose update changes the row logs it.
  const { rows } = await fastify.db.query(
    `UPDATE kyc_settings SET scan_policy = $1, updated_at = now() WHERE updated_by IS NULL AND scan_policy <> $1 RETURNING scan_policy`,
    [policy],
  );
  if (rows.length === 0) return;
  if (policy === 'off') {
    fastify.log.warn(
      'KYC scan policy set to "off": a demo install (DEMO_DATA) without a virus scanner, so KYC documents can be approved unscanned. Configure ClamAV for real documents; an Admin can set the policy in the KYC settings.',
    );
  } else {
    fastify.log.info('KYC scan policy set to "required": a virus scanner is configured (or DEMO_DATA is off), so only files scanned clean can be approved.');
  }
}
