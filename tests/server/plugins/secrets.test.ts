import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EnvError } from '../../../server/src/env.js';
import { GENERATED_SECRET_FILE } from '../../../server/src/plugins/app/secrets.js';
import { publicKeyPemOf, generateServerKeyPair, loadPrivateKey } from '../../../server/src/lib/sealing/open.js';
import { deriveKey, keyedHash } from '../../../server/src/lib/secret-box.js';
import { API, createUser, describeEachDatabase, freshIp, latestOutboxCode, outboxMails } from '../helper.js';

const SECRET_A = 'a'.repeat(20) + 'secret-key-number-one';
const SECRET_B = 'b'.repeat(20) + 'secret-key-number-two';

// One file for the stored key pair: its tests run in order on the suite's one database.
describeEachDatabase('secrets', (suite) => {
  const storedKey = async () => (await suite.sql<{ pem: string }>('SELECT private_key_pem AS pem FROM server_keys WHERE id = 1'))[0]?.pem ?? '';
  const publicKeyOf = async (app: Awaited<ReturnType<typeof suite.build>>) =>
    (await app.inject({ method: 'GET', url: `${API}/publicKey` })).json<{ publicKey: string }>().publicKey;

  it('without SECRET_KEY, generates one into DATA_DIR (0600) and keeps the key pair wrapped with it', async () => {
    const app = await suite.build();
    const file = path.join(suite.dataDir(), GENERATED_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = await storedKey();
    expect(stored).toMatch(/^aes256gcm\$/);
    expect(stored).not.toContain('PRIVATE KEY');
    // A restart reads the same secret and the same pair.
    const again = await suite.build();
    expect(await publicKeyOf(again)).toBe(await publicKeyOf(app));
  });

  it('wraps a key pair stored in clear on start, and a wrong SECRET_KEY stops the start naming it', async () => {
    const { privateKeyPem } = await generateServerKeyPair(2048);
    await suite.sql('UPDATE server_keys SET private_key_pem = $1 WHERE id = 1', [privateKeyPem]);

    const app = await suite.build({ SECRET_KEY: SECRET_A });
    expect(await publicKeyOf(app)).toBe(publicKeyPemOf(loadPrivateKey(privateKeyPem)));
    const stored = await storedKey();
    expect(stored).toMatch(/^aes256gcm\$/);
    expect(stored).not.toContain('PRIVATE KEY');

    const wrong = suite.build({ SECRET_KEY: SECRET_B });
    await expect(wrong).rejects.toBeInstanceOf(EnvError);
    await expect(wrong).rejects.toThrow(/SECRET_KEY: does not open the server key pair/);
    // Nothing changed: the right secret still opens it.
    expect(await storedKey()).toBe(stored);
    expect(await publicKeyOf(await suite.build({ SECRET_KEY: SECRET_A }))).toBe(publicKeyPemOf(loadPrivateKey(privateKeyPem)));
  });

  it('keeps one-time codes as HMACs keyed by SECRET_KEY, and never logs a mail body or code', async () => {
    const lines: string[] = [];
    const app = await suite.build({ SECRET_KEY: SECRET_A }, { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
    const { email, userId } = await createUser(suite, app);
    const forgot = await app.inject({ method: 'POST', url: `${API}/forgot-password`, payload: { email }, remoteAddress: freshIp() });
    expect(forgot.statusCode).toBe(200);
    const code = await latestOutboxCode(suite.dataDir(), email);
    const [mail] = await outboxMails(suite.dataDir(), email);

    const [row] = await suite.sql<{ code_hash: string }>('SELECT code_hash FROM password_codes WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]);
    expect(row?.code_hash).toBe(keyedHash(deriveKey(SECRET_A, 'one-time-codes'), `reset:${userId}:${code}`));
    expect(row?.code_hash).not.toBe(createHash('sha256').update(`${userId}:${code}`).digest('hex'));

    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('mail written to the outbox');
    expect(log).not.toContain(code);
    expect(log).not.toContain(email);
    expect(log).not.toContain(mail?.subject);
  });
});
