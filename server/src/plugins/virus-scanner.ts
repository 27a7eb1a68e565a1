import fp from 'fastify-plugin';
import { noVirusScanner, type VirusScanner } from '../services/kyc-files/virus-scanner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scans uploads before they are kept (docs/kyc.md "Files"); `configured` is false when none is set up. */
    virusScanner: VirusScanner;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('virusScanner', noVirusScanner);
  },
  { name: 'virus-scanner', decorators: { fastify: ['env'] } },
);
