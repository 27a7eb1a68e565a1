import { expect, it } from 'vitest';
import { verhoeffDigit } from '../../../common/domains/kyc/rules.js';
import { HttpError } from '../../../server/src/errors.js';
import { createAadhaarVault } from '../../../server/src/modules/kyc/aadhaar-vault-plugin.js';
import { deriveKey } from '../../../server/src/lib/secret-box.js';
import { describeEachDatabase } from '../helper.js';

const SECRET_A = 'a'.repeat(20) + 'vault-secret-number-one';
const SECRET_B = 'b'.repeat(20) + 'vault-secret-number-two';

/** A valid Aadhaar number: the 11 digits given and their Verhoeff check digit. */
const aadhaar = (eleven: string) => `${eleven}${verhoeffDigit(eleven)}`;

describeEachDatabase('aadhaar vault', (suite) => {
  it('stores encrypted, finds by number through the keyed hash, and reveals', async () => {
    const lines: string[] = [];
    const app = await suite.build({ SECRET_KEY: SECRET_A }, { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
    const number = aadhaar('23456789012');
    const stored = await app.db.transaction((tx) => app.aadhaarVault.store(tx, number));
    expect(stored).toEqual({ ref: expect.stringMatching(/^[0-9a-f-]{36}$/), last4: number.slice(-4) });

    // Spaces as people write it: the same number.
    expect(await app.aadhaarVault.findRefByNumber(`${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`)).toBe(stored.ref);
    expect(await app.aadhaarVault.findRefByNumber(aadhaar('34567890123'))).toBeNull();
    expect(await app.aadhaarVault.reveal(stored.ref)).toBe(number);
    expect(await app.aadhaarVault.reveal('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await app.aadhaarVault.reveal('not-a-ref')).toBeNull();

    // No plaintext in the row: neither the digits nor their text, in any column.
    const [row] = await suite.sql<Record<string, unknown>>('SELECT * FROM aadhaar_vault WHERE ref = $1', [stored.ref]);
    expect(row).toBeDefined();
    const bytes = Buffer.concat(
      Object.values(row ?? {}).map((value) => (value instanceof Uint8Array ? Buffer.from(value) : Buffer.from(String(value), 'utf8'))),
    );
    expect(bytes.includes(Buffer.from(number, 'utf8'))).toBe(false);
    expect(bytes.includes(Buffer.from(number.slice(0, 8), 'utf8'))).toBe(false);
    expect(row?.last4).toBe(number.slice(-4));
    const [text] = await suite.sql<{ dump: string }>("SELECT encode(ciphertext || iv || tag || search_hash, 'hex') AS dump FROM aadhaar_vault WHERE ref = $1", [
      stored.ref,
    ]);
    expect(text?.dump).not.toContain(number);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(number);
  });

  it('keeps one row per number: storing it again answers the same ref', async () => {
    const app = await suite.build({ SECRET_KEY: SECRET_A });
    const number = aadhaar('45678901234');
    const first = await app.db.transaction((tx) => app.aadhaarVault.store(tx, number));
    const second = await app.db.transaction((tx) => app.aadhaarVault.store(tx, `${number.slice(0, 4)}-${number.slice(4, 8)}-${number.slice(8)}`));
    expect(second).toEqual(first);
    const rows = await suite.sql<{ n: number }>('SELECT count(*)::int AS n FROM aadhaar_vault WHERE ref = $1', [first.ref]);
    expect(rows[0]?.n).toBe(1);
    // A rolled-back store leaves nothing.
    const other = aadhaar('56789012345');
    await expect(
      app.db.transaction(async (tx) => {
        await app.aadhaarVault.store(tx, other);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await app.aadhaarVault.findRefByNumber(other)).toBeNull();
  });

  it('refuses a number that breaks the rules with a 422 that does not hold it', async () => {
    const app = await suite.build({ SECRET_KEY: SECRET_A });
    const valid = aadhaar('67890123456');
    const wrong = `${valid.slice(0, 11)}${(Number(valid.at(-1)) + 1) % 10}`;
    const refused = app.db.transaction((tx) => app.aadhaarVault.store(tx, wrong, 'aadhaarNumber'));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    const error = (await refused.catch((caught: unknown) => caught)) as HttpError;
    expect(error.statusCode).toBe(422);
    expect(error.reasons).toEqual({ aadhaarNumber: { code: 'aadhaarChecksum' } });
    expect(JSON.stringify(error.toJSON())).not.toContain(wrong);
    expect(error.message).not.toContain(wrong);
    expect(await app.aadhaarVault.findRefByNumber(wrong)).toBeNull();
  });

  it('a different SECRET_KEY neither finds nor reveals, and its error does not hold the number', async () => {
    const number = aadhaar('78901234567');
    const owner = await suite.build({ SECRET_KEY: SECRET_A });
    const { ref } = await owner.db.transaction((tx) => owner.aadhaarVault.store(tx, number));

    // The server itself refuses to start on another SECRET_KEY (its wrapped key pair does not
    // open), so the vault is built here on the same database with keys derived from the other one.
    const stranger = { aadhaarVault: createAadhaarVault(owner.db, { aadhaarKey: deriveKey(SECRET_B, 'aadhaar-vault'), aadhaarSearchKey: deriveKey(SECRET_B, 'aadhaar-search') }) };
    expect(await stranger.aadhaarVault.findRefByNumber(number)).toBeNull();
    const revealed = stranger.aadhaarVault.reveal(ref);
    await expect(revealed).rejects.toThrow(/does not open with this SECRET_KEY/);
    const error = (await revealed.catch((caught: unknown) => caught)) as Error;
    expect(error.message).not.toContain(number);

    // A ciphertext moved under another ref does not open either (the ref is bound into GCM).
    const otherNumber = aadhaar('89012345678');
    const other = await owner.db.transaction((tx) => owner.aadhaarVault.store(tx, otherNumber));
    await suite.sql(
      'UPDATE aadhaar_vault SET ciphertext = source.ciphertext, iv = source.iv, tag = source.tag FROM aadhaar_vault source WHERE aadhaar_vault.ref = $1 AND source.ref = $2',
      [other.ref, ref],
    );
    await expect(owner.aadhaarVault.reveal(other.ref)).rejects.toThrow(/does not open/);
    expect(await owner.aadhaarVault.reveal(ref)).toBe(number);
  });
});
