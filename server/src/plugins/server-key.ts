import { readFile } from 'node:fs/promises';
import fp from 'fastify-plugin';
import { createKeyDecryptor, generateServerKeyPair, loadPrivateKey, publicKeyPemOf, type KeyDecryptor } from '../sealing/open.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Parsed once: parsing a PEM per request would cost more than the decryption. */
    serverKey: { publicKeyPem: string; decrypt: KeyDecryptor };
  }
}

export default fp(
  async (fastify) => {
    const { SERVER_KEY_FILE, RSA_BITS } = fastify.env;
    let pem: string;
    if (SERVER_KEY_FILE) {
      pem = await readFile(SERVER_KEY_FILE, 'utf8');
    } else {
      const read = async () =>
        (await fastify.db.query<{ pem: string }>('SELECT private_key_pem AS pem FROM server_keys WHERE id = 1')).rows[0]?.pem;
      let stored = await read();
      if (!stored) {
        fastify.log.info({ bits: RSA_BITS }, 'generating the server key pair');
        const { privateKeyPem } = await generateServerKeyPair(RSA_BITS);
        // Instances starting together may each generate one: the first insert wins and all read it back.
        await fastify.db.query('INSERT INTO server_keys (id, private_key_pem) VALUES (1, $1) ON CONFLICT DO NOTHING', [privateKeyPem]);
        stored = await read();
      }
      if (!stored) throw new Error('the server key pair could not be stored');
      pem = stored;
    }
    const privateKey = loadPrivateKey(pem);
    fastify.decorate('serverKey', {
      publicKeyPem: publicKeyPemOf(privateKey),
      decrypt: await createKeyDecryptor(privateKey),
    });
  },
  { name: 'server-key', dependencies: ['db'] },
);
