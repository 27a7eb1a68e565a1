import path from 'node:path';
import fp from 'fastify-plugin';
import { generatedSecret } from '../../lib/generated-secret.js';
import { deriveKey } from '../../lib/secret-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Keys derived from SECRET_KEY, one per use; never stored. */
    secrets: { codeKey: Buffer; wrapKey: Buffer; aadhaarKey: Buffer; aadhaarSearchKey: Buffer; source: 'env' | 'file' };
  }
}

export const GENERATED_SECRET_FILE = 'secret.key';

// Without SECRET_KEY, one is generated on the first start into DATA_DIR/secret.key (0600).
// Instances that do not share DATA_DIR must share SECRET_KEY (README "Secrets").

export default fp(
  async (fastify) => {
    const { SECRET_KEY, DATA_DIR } = fastify.env;
    const secret = SECRET_KEY ?? (await generatedSecret(DATA_DIR, GENERATED_SECRET_FILE, 'SECRET_KEY'));
    if (!SECRET_KEY) {
      fastify.log.warn({ file: path.join(DATA_DIR, GENERATED_SECRET_FILE) }, 'SECRET_KEY is unset: using the secret generated in DATA_DIR');
    }
    fastify.decorate('secrets', {
      codeKey: deriveKey(secret, 'one-time-codes'),
      wrapKey: deriveKey(secret, 'server-key-wrap'),
      aadhaarKey: deriveKey(secret, 'aadhaar-vault'),
      aadhaarSearchKey: deriveKey(secret, 'aadhaar-search'),
      source: SECRET_KEY ? 'env' : 'file',
    });
  },
  { name: 'secrets', decorators: { fastify: ['env'] } },
);
