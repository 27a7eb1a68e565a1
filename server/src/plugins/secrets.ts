import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { deriveKey } from '../services/secret-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Keys derived from SECRET_KEY, one per use; never stored. */
    secrets: { codeKey: Buffer; wrapKey: Buffer; aadhaarKey: Buffer; aadhaarSearchKey: Buffer; source: 'env' | 'file' };
  }
}

export const GENERATED_SECRET_FILE = 'secret.key';

/**
 * Without SECRET_KEY, one is generated on the first start into DATA_DIR/secret.key (0600):
 * a file, not a row, so a dump or backup of the database alone opens nothing. Instances
 * that do not share DATA_DIR must share SECRET_KEY (README "Secrets").
 */
async function generatedSecret(dataDir: string): Promise<string> {
  const file = path.resolve(dataDir, GENERATED_SECRET_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // 'wx': of instances starting together on one DATA_DIR, the first writes and all read it back.
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const secret = (await readFile(file, 'utf8')).trim();
    if (secret) return secret;
    // Another instance created it a moment ago and is still writing.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${file} is empty: remove it or set SECRET_KEY`);
}

export default fp(
  async (fastify) => {
    const { SECRET_KEY, DATA_DIR } = fastify.env;
    const secret = SECRET_KEY ?? (await generatedSecret(DATA_DIR));
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
