import fp from 'fastify-plugin';
import type { Env } from '../../../env.js';
import { createClamdScanner, type ClamdTarget } from './clamd-scanner.js';
import { noVirusScanner, type VirusScanner } from './virus-scanner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scans uploads before they are kept (docs/kyc.md "Files"); `configured` is false when none is set up. */
    virusScanner: VirusScanner;
  }
}

export const NO_SCANNER_WARNING =
  'No virus scanner is configured (CLAMD_SOCKET and CLAMD_HOST are unset): KYC uploads are kept unscanned, and while the KYC scan policy is "required" no document can be approved. Set up ClamAV (README "File storage"), or have an Admin set the scan policy to off in the KYC settings.';

/** clamd's registered port, when CLAMD_HOST comes without CLAMD_PORT. */
export const CLAMD_DEFAULT_PORT = 3310;

export function clamdTarget(env: Pick<Env, 'CLAMD_SOCKET' | 'CLAMD_HOST' | 'CLAMD_PORT'>): ClamdTarget | null {
  if (env.CLAMD_SOCKET) return { socketPath: env.CLAMD_SOCKET };
  if (env.CLAMD_HOST) return { host: env.CLAMD_HOST, port: env.CLAMD_PORT ?? CLAMD_DEFAULT_PORT };
  return null;
}

export default fp(
  async (fastify) => {
    const target = clamdTarget(fastify.env);
    if (!target) {
      fastify.decorate('virusScanner', noVirusScanner);
      // Said at every start: without a scanner no KYC file is ever scanned clean, so the scan
      // policy `required` blocks every approval until an Admin turns it off or clamd is set up.
      fastify.log.warn(NO_SCANNER_WARNING);
      return;
    }
    const scanner = createClamdScanner(target, { timeoutMs: fastify.env.CLAMD_TIMEOUT_MS });
    fastify.decorate('virusScanner', scanner);
    // Not awaited and not fatal: a clamd down at start only makes uploads answer 503 until it
    // is back; the log says so now rather than at the first upload.
    scanner.ping().then(
      () => fastify.log.info({ clamd: target }, 'virus scanner: clamd answers'),
      (error: Error) => fastify.log.warn({ clamd: target, err: error }, 'virus scanner: clamd does not answer; uploads will be refused (503) until it does'),
    );
  },
  { name: 'virus-scanner', decorators: { fastify: ['env'] } },
);
