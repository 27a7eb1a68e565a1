import { readFile } from 'node:fs/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { EnvError } from '../../env.js';
import { isWrapped, unwrap, wrap } from '../../lib/secret-box.js';
import { createKeyDecryptor, generateServerKeyPair, loadPrivateKey, publicKeyPemOf, type KeyDecryptor } from '../../lib/sealing/open.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Parsed once: parsing a PEM per request would cost more than the decryption. */
    serverKey: { publicKeyPem: string; decrypt: KeyDecryptor };
  }
}

// Bound into the wrapping, so the value cannot be replayed as any other wrapped secret.
const WRAP_CONTEXT = 'server_keys:1';

/**
 * The key pair every instance shares, from the database: stored wrapped (AES-256-GCM) with
 * a key derived from SECRET_KEY, so a copy of the database alone cannot open sealed requests.
 * A pair stored in clear by an older version is wrapped on this start.
 */
async function storedPrivateKeyPem(fastify: FastifyInstance): Promise<string> {
  const { db, secrets, env } = fastify;
  const read = async () =>
    (await db.query<{ pem: string }>('SELECT private_key_pem AS pem FROM server_keys WHERE id = 1')).rows[0]?.pem;
  let stored = await read();
  if (!stored) {
    fastify.log.info({ bits: env.RSA_BITS }, 'generating the server key pair');
    const { privateKeyPem } = await generateServerKeyPair(env.RSA_BITS);
    // Instances starting together may each generate one: the first insert wins and all read it back.
    await db.query('INSERT INTO server_keys (id, private_key_pem) VALUES (1, $1) ON CONFLICT DO NOTHING', [
      wrap(secrets.wrapKey, privateKeyPem, WRAP_CONTEXT),
    ]);
    stored = await read();
  }
  if (!stored) throw new Error('the server key pair could not be stored');
  if (!isWrapped(stored)) {
    // Only if still the same clear text: an instance starting alongside may have wrapped it already.
    await db.query('UPDATE server_keys SET private_key_pem = $2 WHERE id = 1 AND private_key_pem = $1', [
      stored,
      wrap(secrets.wrapKey, stored, WRAP_CONTEXT),
    ]);
    fastify.log.info('the stored server key pair is now wrapped with SECRET_KEY');
    return stored;
  }
  const pem = unwrap(secrets.wrapKey, stored, WRAP_CONTEXT);
  if (pem === null) {
    const source = secrets.source === 'env' ? 'SECRET_KEY' : `SECRET_KEY (unset: the one generated in DATA_DIR)`;
    throw new EnvError([
      `${source}: does not open the server key pair stored in the database, which was wrapped with another ` +
        'SECRET_KEY. Start with the SECRET_KEY it was wrapped with (every instance needs the same one).',
    ]);
  }
  return pem;
}

export default fp(
  async (fastify) => {
    const { SERVER_KEY_FILE } = fastify.env;
    const pem = SERVER_KEY_FILE ? await readFile(SERVER_KEY_FILE, 'utf8') : await storedPrivateKeyPem(fastify);
    const privateKey = loadPrivateKey(pem);
    fastify.decorate('serverKey', {
      publicKeyPem: publicKeyPemOf(privateKey),
      decrypt: await createKeyDecryptor(privateKey),
    });
  },
  { name: 'server-key', dependencies: ['db', 'secrets'] },
);
