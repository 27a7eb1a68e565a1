import path from 'node:path';
import fp from 'fastify-plugin';
import { parseMasterKey } from '../../lib/blobs/blob-cipher.js';
import type { Queryable } from '../../db/index.js';
import { EnvError } from '../../env.js';
import { BlobUnreadableError, type BlobStore } from '../../lib/blobs/blob-store.js';
import { createDbBlobStore } from '../../lib/blobs/db-blob-store.js';
import { createFsBlobStore, type FsBlobStore } from '../../lib/blobs/fs-blob-store.js';
import { generatedSecret } from '../../lib/generated-secret.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored files (KYC documents and others), encrypted; README "File storage". */
    blobs: BlobStore;
  }
}

export const GENERATED_MASTER_KEY_FILE = 'kyc-master.key';

async function newestBlobId(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM blobs ORDER BY created_at DESC LIMIT 1');
  return rows[0]?.id ?? null;
}

/**
 * A changed or lost master key would make every stored file unreadable without a word until
 * someone opens one: the start stops instead, as for SECRET_KEY, when the newest file's key
 * does not unwrap (get() unwraps it before reading any chunk).
 */
async function assertKeyOpensFiles(store: BlobStore, newest: string | null, source: string): Promise<void> {
  if (!newest) return;
  try {
    (await store.get(newest))?.stream.destroy();
  } catch (error) {
    if (!(error instanceof BlobUnreadableError)) throw error;
    throw new EnvError([
      `${source}: does not open the files stored in the database, which were encrypted under another key. ` +
        'Start with the KYC_MASTER_KEY they were stored with (every instance needs the same one).',
    ]);
  }
}

/**
 * A BLOB_DIR that is not the one the files were written to (a typo, a share not mounted, or
 * files stored with BLOB_STORE=db, which are not moved) would make every file "missing" at
 * its first download: the start stops instead, checking the newest file's first chunk.
 */
async function assertDirHoldsFiles(store: FsBlobStore, newest: string | null, dir: string): Promise<void> {
  if (!newest || (await store.holds(newest))) return;
  throw new EnvError([
    `BLOB_DIR: ${dir} does not hold the stored files (the newest, ${newest}, is not there). Point it at the directory ` +
      'they were written to, shared by every instance; files stored with BLOB_STORE=db stay in the database and are not moved.',
  ]);
}

// Without KYC_MASTER_KEY, one is generated on the first start into DATA_DIR/kyc-master.key
// (0600), as SECRET_KEY is: a file, not a row, so a database backup alone opens no file.
export default fp(
  async (fastify) => {
    const { KYC_MASTER_KEY, DATA_DIR } = fastify.env;
    const text = KYC_MASTER_KEY ?? (await generatedSecret(DATA_DIR, GENERATED_MASTER_KEY_FILE, 'KYC_MASTER_KEY'));
    if (!KYC_MASTER_KEY) {
      fastify.log.warn({ file: path.join(DATA_DIR, GENERATED_MASTER_KEY_FILE) }, 'KYC_MASTER_KEY is unset: using the key generated in DATA_DIR');
    }
    const masterKey = parseMasterKey(text);
    const { BLOB_STORE, BLOB_DIR } = fastify.env;
    const newest = await newestBlobId(fastify.db);
    let store: BlobStore;
    if (BLOB_STORE === 'fs' && BLOB_DIR) {
      const fsStore = await createFsBlobStore(fastify.db, masterKey, BLOB_DIR);
      await assertDirHoldsFiles(fsStore, newest, BLOB_DIR);
      store = fsStore;
    } else {
      store = createDbBlobStore(fastify.db, masterKey);
    }
    await assertKeyOpensFiles(store, newest, KYC_MASTER_KEY ? 'KYC_MASTER_KEY' : 'KYC_MASTER_KEY (unset: the one generated in DATA_DIR)');
    fastify.decorate('blobs', store);
  },
  { name: 'blob-store', dependencies: ['db'], decorators: { fastify: ['env'] } },
);
