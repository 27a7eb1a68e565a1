import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EnvError } from '../../../server/src/env.js';
import { GENERATED_MASTER_KEY_FILE } from '../../../server/src/plugins/blob-store.js';
import { BlobUnreadableError } from '../../../server/src/services/blobs/blob-store.js';
import { parseMasterKey } from '../../../server/src/services/blobs/blob-cipher.js';
import { createDbBlobStore, DEFAULT_CHUNK_BYTES } from '../../../server/src/services/blobs/db-blob-store.js';
import { describeEachDatabase } from '../helper.js';
import { inPieces, readAll } from './fixtures.js';

const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('hex');
const MB = 1024 * 1024;
const INPUT = { contentType: 'application/octet-stream', filename: 'scan.bin' };

describeEachDatabase('blob store', (suite) => {
  const chunkRows = async (id: string) =>
    Number((await suite.sql<{ n: string }>('SELECT count(*) AS n FROM blob_chunks WHERE blob_id = $1', [id]))[0]?.n);

  it('round-trips a 3 MB random file streamed in odd pieces, in 256 KB encrypted chunks', async () => {
    const app = await suite.build({ KYC_MASTER_KEY: KEY_A });
    const data = randomBytes(3 * MB);
    const stored = await app.db.transaction((tx) => app.blobs.put(tx, inPieces(data), INPUT));
    expect(stored).toEqual({ id: expect.any(String), size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    expect(await chunkRows(stored.id)).toBe(12);

    const content = await app.blobs.get(stored.id);
    expect(content?.meta).toMatchObject({ ...INPUT, ...stored, createdAt: expect.any(Date) });
    expect((await readAll(content!.stream)).equals(data)).toBe(true);
    // Another instance with the same key reads it too.
    const other = await suite.build({ KYC_MASTER_KEY: KEY_A });
    expect((await readAll((await other.blobs.get(stored.id))!.stream)).equals(data)).toBe(true);
    expect(await app.blobs.get('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await app.blobs.get('not-a-uuid')).toBeNull();
  });

  it('reads ranges across chunk boundaries, decrypting only what they cover', async () => {
    const app = await suite.build({ KYC_MASTER_KEY: KEY_A });
    const data = randomBytes(MB + 12_345);
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, data, INPUT));
    const c = DEFAULT_CHUNK_BYTES;
    const ranges: Array<[number, number]> = [
      [0, 0],
      [c - 1, c],
      [c - 100, 3 * c + 100],
      [2 * c, 3 * c - 1],
      [data.length - 1, data.length - 1],
      [0, data.length - 1],
    ];
    for (const [start, end] of ranges) {
      const content = await app.blobs.getRange(id, start, end);
      expect((await readAll(content!.stream)).equals(data.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    // An end past the file is clipped, as HTTP does; a start past it is refused.
    expect((await readAll((await app.blobs.getRange(id, data.length - 5, data.length + 1000))!.stream)).equals(data.subarray(-5))).toBe(true);
    await expect(app.blobs.getRange(id, data.length, data.length + 1)).rejects.toBeInstanceOf(RangeError);
    await expect(app.blobs.getRange(id, 10, 5)).rejects.toBeInstanceOf(RangeError);
  });

  it('keeps only ciphertext in blob_chunks, and each chunk bound to its place', async () => {
    const app = await suite.build({ KYC_MASTER_KEY: KEY_A });
    // A plaintext easy to spot: any chunk holding it in clear would show.
    const data = Buffer.from('AADHAAR 2345 6789 0123 PAN ABCPE1234F '.repeat(20_000));
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, data, { contentType: 'text/plain', filename: 'x.txt' }));
    const chunks = await suite.sql<{ seq: number; data: Uint8Array }>('SELECT seq, data FROM blob_chunks WHERE blob_id = $1 ORDER BY seq', [id]);
    expect(chunks.length).toBe(Math.ceil(data.length / DEFAULT_CHUNK_BYTES));
    for (const chunk of chunks) {
      const bytes = Buffer.from(chunk.data);
      expect(bytes.includes('2345 6789')).toBe(false);
      expect(bytes.includes('ABCPE1234F')).toBe(false);
    }
    const [{ wrapped_key: wrapped } = { wrapped_key: new Uint8Array() }] = await suite.sql<{ wrapped_key: Uint8Array }>(
      'SELECT wrapped_key FROM blobs WHERE id = $1',
      [id],
    );
    expect(wrapped.length).toBe(12 + 32 + 16);

    // Swapping two chunks (same file, same key) is detected rather than served.
    await suite.sql(
      `UPDATE blob_chunks c SET data = o.data FROM blob_chunks o
        WHERE c.blob_id = $1 AND o.blob_id = $1 AND c.seq IN (0, 1) AND o.seq = 1 - c.seq`,
      [id],
    );
    await expect(readAll((await app.blobs.get(id))!.stream)).rejects.toBeInstanceOf(BlobUnreadableError);
  });

  it('fails cleanly under a wrong master key: no byte of plaintext, an error naming the key', async () => {
    const app = await suite.build({ KYC_MASTER_KEY: KEY_A });
    const data = randomBytes(300_000);
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, data, INPUT));

    // An instance started with another key stops at once, naming the variable.
    const wrongStart = suite.build({ KYC_MASTER_KEY: KEY_B });
    await expect(wrongStart).rejects.toBeInstanceOf(EnvError);
    await expect(wrongStart).rejects.toThrow(/KYC_MASTER_KEY: does not open the files stored/);
    // A store that got that far anyway refuses each file before returning a byte.
    const wrong = createDbBlobStore(app.db, parseMasterKey(KEY_B));
    await expect(wrong.get(id)).rejects.toThrow(BlobUnreadableError);
    await expect(wrong.getRange(id, 0, 10)).rejects.toThrow(/KYC_MASTER_KEY/);
    // The meta stays readable (it is not secret); the right key still opens the file.
    expect((await wrong.meta(id))?.size).toBe(data.length);
    expect((await readAll((await app.blobs.get(id))!.stream)).equals(data)).toBe(true);
  });

  it('delete removes the meta and every chunk; a rolled-back put leaves nothing', async () => {
    const app = await suite.build({ KYC_MASTER_KEY: KEY_A });
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, randomBytes(700_000), INPUT));
    expect(await chunkRows(id)).toBe(3);
    expect(await app.db.transaction((tx) => app.blobs.delete(tx, id))).toBe(true);
    expect(await chunkRows(id)).toBe(0);
    expect(await app.blobs.get(id)).toBeNull();
    expect(await app.db.transaction((tx) => app.blobs.delete(tx, id))).toBe(false);

    const before = await suite.sql<{ n: string }>('SELECT (SELECT count(*) FROM blobs) + (SELECT count(*) FROM blob_chunks) AS n');
    await expect(
      app.db.transaction(async (tx) => {
        await app.blobs.put(tx, randomBytes(600_000), INPUT);
        throw new Error('the referring row failed');
      }),
    ).rejects.toThrow('the referring row failed');
    expect(await suite.sql('SELECT (SELECT count(*) FROM blobs) + (SELECT count(*) FROM blob_chunks) AS n')).toEqual(before);
  });

  it('stores an empty file as one empty chunk', async () => {
    const app = await suite.build({ KYC_MASTER_KEY: KEY_A });
    const stored = await app.db.transaction((tx) => app.blobs.put(tx, Buffer.alloc(0), INPUT));
    expect(stored.size).toBe(0);
    expect((await readAll((await app.blobs.get(stored.id))!.stream)).length).toBe(0);
  });

  it('without KYC_MASTER_KEY, generates one into DATA_DIR (0600) that the next start reads back', async () => {
    // The files of the tests above were stored under KEY_A, which the generated key would not open.
    await suite.sql('DELETE FROM blobs');
    const app = await suite.build();
    const file = path.join(suite.dataDir(), GENERATED_MASTER_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').length).toBe(32);
    const data = randomBytes(1000);
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, data, INPUT));
    const again = await suite.build();
    expect((await readAll((await again.blobs.get(id))!.stream)).equals(data)).toBe(true);
  });

  it('refuses a KYC_MASTER_KEY that is not 32 bytes, naming it', async () => {
    await expect(suite.build({ KYC_MASTER_KEY: 'too-short' })).rejects.toBeInstanceOf(EnvError);
    await expect(suite.build({ KYC_MASTER_KEY: 'ab'.repeat(31) })).rejects.toThrow(/KYC_MASTER_KEY/);
  });
});
