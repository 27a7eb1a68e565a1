import path from 'node:path';
import fp from 'fastify-plugin';
import { parseMasterKey } from '../services/blobs/blob-cipher.js';
import type { BlobStore } from '../services/blobs/blob-store.js';
import { createDbBlobStore } from '../services/blobs/db-blob-store.js';
import { generatedSecret } from '../services/generated-secret.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored files (KYC documents and others), encrypted; README "File storage". */
    blobs: BlobStore;
  }
}

export const GENERATED_MASTER_KEY_FILE = 'kyc-master.key';

// Without KYC_MASTER_KEY, one is generated on the first start into DATA_DIR/kyc-master.key
// (0600), as SECRET_KEY is: a file, not a row, so a database backup alone opens no file.
export default fp(
  async (fastify) => {
    const { KYC_MASTER_KEY, DATA_DIR } = fastify.env;
    const text = KYC_MASTER_KEY ?? (await generatedSecret(DATA_DIR, GENERATED_MASTER_KEY_FILE, 'KYC_MASTER_KEY'));
    if (!KYC_MASTER_KEY) {
      fastify.log.warn({ file: path.join(DATA_DIR, GENERATED_MASTER_KEY_FILE) }, 'KYC_MASTER_KEY is unset: using the key generated in DATA_DIR');
    }
    fastify.decorate('blobs', createDbBlobStore(fastify.db, parseMasterKey(text)));
  },
  { name: 'blob-store', decorators: { fastify: ['env', 'db'] } },
);
