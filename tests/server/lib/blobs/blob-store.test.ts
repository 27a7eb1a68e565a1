import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EnvError } from '../../../../server/src/env.js';
import { GENERATED_MASTER_KEY_FILE } from '../../../../server/src/plugins/app/blob-store.js';
import { BlobUnreadableError } from '../../../../server/src/lib/blobs/blob-store.js';
import { parseMasterKey } from '../../../../server/src/lib/blobs/blob-cipher.js';
import { DEFAULT_CHUNK_BYTES } from '../../../../server/src/lib/blobs/db-blob-store.js';
import type { EnvInput } from '../../../../server/src/env.js';
import { describeEachDatabase } from '../../helper.js';
import { BLOB_ADAPTERS } from './adapters.js';
import { inPieces, readAll, SAMPLES } from './fixtures.js';

const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('hex');
const MB = 1024 * 1024;
const INPUT = { contentType: 'application/octet-stream', filename: 'scan.bin' };

for (const adapter of BLOB_ADAPTERS) describeEachDatabase(`blob store (${adapter.name})`, (suite) => {
  const chunkCount = async (id: string) => (await adapter.chunks(suite, id)).length;
  /** An app of the suite storing files with this adapter. */
  const build = (env: EnvInput = {}) => suite.build({ ...adapter.env(suite), ...env });

  it('round-trips a 3 MB random file streamed in odd pieces, in 256 KB encrypted chunks', async () => {
    const app = await build({ KYC_MASTER_KEY: KEY_A });
    const data = randomBytes(3 * MB);
    const stored = await app.db.transaction((tx) => app.blobs.put(tx, inPieces(data), INPUT));
    expect(stored).toEqual({ id: expect.any(String), size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    expect(await chunkCount(stored.id)).toBe(12);

    const content = await app.blobs.get(stored.id);
    expect(content?.meta).toMatchObject({ ...INPUT, ...stored, createdAt: expect.any(Date) });
    expect((await readAll(content!.stream)).equals(data)).toBe(true);
    // Another instance with the same key reads it too.
    const other = await build({ KYC_MASTER_KEY: KEY_A });
    expect((await readAll((await other.blobs.get(stored.id))!.stream)).equals(data)).toBe(true);
    expect(await app.blobs.get('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await app.blobs.get('not-a-uuid')).toBeNull();
  });

  it('reads ranges across chunk boundaries, decrypting only what they cover', async () => {
    const app = await build({ KYC_MASTER_KEY: KEY_A });
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

    // Without its first chunk the file does not open, but a range past it still reads.
    await adapter.removeChunk(suite, id, 0);
    expect((await readAll((await app.blobs.getRange(id, 2 * c, 3 * c))!.stream)).equals(data.subarray(2 * c, 3 * c + 1))).toBe(true);
    await expect(readAll((await app.blobs.get(id))!.stream)).rejects.toThrow(/chunk 0 is missing/);
    // Gone for good: the next start must not take it for the newest file.
    await app.db.transaction((tx) => app.blobs.delete(tx, id));
  });

  it('keeps only ciphertext in the chunks, and each chunk bound to its place', async () => {
    const app = await build({ KYC_MASTER_KEY: KEY_A });
    // A plaintext easy to spot: any chunk holding it in clear would show.
    const data = Buffer.from('AADHAAR 2345 6789 0123 PAN ABCPE1234F '.repeat(20_000));
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, data, { contentType: 'text/plain', filename: 'x.txt' }));
    const chunks = await adapter.chunks(suite, id);
    expect(chunks.length).toBe(Math.ceil(data.length / DEFAULT_CHUNK_BYTES));
    for (const bytes of chunks) {
      expect(bytes.includes('2345 6789')).toBe(false);
      expect(bytes.includes('ABCPE1234F')).toBe(false);
    }
    const [{ wrapped_key: wrapped } = { wrapped_key: new Uint8Array() }] = await suite.sql<{ wrapped_key: Uint8Array }>(
      'SELECT wrapped_key FROM blobs WHERE id = $1',
      [id],
    );
    expect(wrapped.length).toBe(12 + 32 + 16);

    // Swapping two chunks (same file, same key) is detected rather than served.
    await adapter.swapChunks(suite, id, 0, 1);
    await expect(readAll((await app.blobs.get(id))!.stream)).rejects.toBeInstanceOf(BlobUnreadableError);
  });

  it('fails cleanly under a wrong master key: no byte of plaintext, an error naming the key', async () => {
    const app = await build({ KYC_MASTER_KEY: KEY_A });
    const data = randomBytes(300_000);
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, data, INPUT));

    // An instance started with another key stops at once, naming the variable.
    const wrongStart = build({ KYC_MASTER_KEY: KEY_B });
    await expect(wrongStart).rejects.toBeInstanceOf(EnvError);
    await expect(wrongStart).rejects.toThrow(/KYC_MASTER_KEY: does not open the files stored/);
    // A store that got that far anyway refuses each file before returning a byte.
    const wrong = await adapter.create(app, parseMasterKey(KEY_B));
    await expect(wrong.get(id)).rejects.toThrow(BlobUnreadableError);
    await expect(wrong.getRange(id, 0, 10)).rejects.toThrow(/KYC_MASTER_KEY/);
    // The meta stays readable (it is not secret); the right key still opens the file.
    expect((await wrong.meta(id))?.size).toBe(data.length);
    expect((await readAll((await app.blobs.get(id))!.stream)).equals(data)).toBe(true);
  });

  it('delete removes the meta and every chunk; a rolled-back put leaves nothing', async () => {
    const app = await build({ KYC_MASTER_KEY: KEY_A });
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, randomBytes(700_000), INPUT));
    expect(await chunkCount(id)).toBe(3);
    expect(await app.db.transaction((tx) => app.blobs.delete(tx, id))).toBe(true);
    expect(await app.blobs.get(id)).toBeNull();
    // Files cannot join the transaction: they go once it has committed, at the next prune.
    expect(await chunkCount(id)).toBe(adapter.deletesAtPrune ? 3 : 0);
    expect(await app.blobs.pruneStaged()).toBe(0);
    expect(await chunkCount(id)).toBe(0);
    expect(await app.db.transaction((tx) => app.blobs.delete(tx, id))).toBe(false);

    // A delete that rolls back keeps the file, whatever the pruning does.
    const kept = randomBytes(300_000);
    const { id: keptId } = await app.db.transaction((tx) => app.blobs.put(tx, kept, INPUT));
    await expect(
      app.db.transaction(async (tx) => {
        expect(await app.blobs.delete(tx, keptId)).toBe(true);
        throw new Error('the referring row failed');
      }),
    ).rejects.toThrow('the referring row failed');
    await app.blobs.pruneStaged(0);
    expect((await readAll((await app.blobs.get(keptId))!.stream)).equals(kept)).toBe(true);
    await app.db.transaction((tx) => app.blobs.delete(tx, keptId));
    await app.blobs.pruneStaged();

    const before = await adapter.footprint(suite);
    await expect(
      app.db.transaction(async (tx) => {
        await app.blobs.put(tx, randomBytes(600_000), INPUT);
        throw new Error('the referring row failed');
      }),
    ).rejects.toThrow('the referring row failed');
    // The database adapter's chunks roll back with the transaction; files are an orphan the pruning finds.
    expect(await app.blobs.pruneStaged()).toBe(0);
    expect(await app.blobs.pruneStaged(0)).toBe(adapter.deletesAtPrune ? 1 : 0);
    expect(await adapter.footprint(suite)).toEqual(before);
  });

  it('stages an upload invisible until committed; a rollback leaves it to discard() or the pruning', async () => {
    const app = await build({ KYC_MASTER_KEY: KEY_A });
    const before = await adapter.footprint(suite);
    const data = Buffer.concat([SAMPLES.pdf, randomBytes(600_000)]);
    const staged = await app.blobs.stage(inPieces(data), INPUT);
    expect(staged).toMatchObject({ size: data.length, chunkCount: 3 });
    expect(await app.blobs.get(staged.id)).toBeNull();
    await app.db.transaction((tx) => app.blobs.commit(tx, staged));
    // discard() after a commit that held leaves the file alone.
    await app.blobs.discard(staged);
    expect((await readAll((await app.blobs.get(staged.id))!.stream)).equals(data)).toBe(true);
    await app.db.transaction((tx) => app.blobs.delete(tx, staged.id));
    await app.blobs.pruneStaged();
    expect(await adapter.footprint(suite)).toEqual(before);

    const rolledBack = async () => {
      const one = await app.blobs.stage(data, INPUT);
      await app.db
        .transaction(async (tx) => {
          await app.blobs.commit(tx, one);
          throw new Error('the referring row failed');
        })
        .catch(() => {});
      expect(await app.blobs.get(one.id)).toBeNull();
      return one;
    };
    await app.blobs.discard(await rolledBack());
    expect(await adapter.footprint(suite)).toEqual(before);
    await rolledBack();
    expect(await app.blobs.pruneStaged()).toBe(0);
    expect(await app.blobs.pruneStaged(0)).toBe(1);
    expect(await adapter.footprint(suite)).toEqual(before);
  });

  it('stage() leaves nothing when its source fails midway', async () => {
    const app = await build({ KYC_MASTER_KEY: KEY_A });
    const before = await adapter.footprint(suite);
    async function* failing(): AsyncGenerator<Buffer> {
      yield randomBytes(DEFAULT_CHUNK_BYTES * 2 + 10);
      throw new Error('the client went away');
    }
    await expect(app.blobs.stage(failing(), INPUT)).rejects.toThrow('the client went away');
    expect(await adapter.footprint(suite)).toEqual(before);
  });

  it('stores an empty file as one empty chunk', async () => {
    const app = await build({ KYC_MASTER_KEY: KEY_A });
    const stored = await app.db.transaction((tx) => app.blobs.put(tx, Buffer.alloc(0), INPUT));
    expect(stored.size).toBe(0);
    expect((await readAll((await app.blobs.get(stored.id))!.stream)).length).toBe(0);
  });

  it('without KYC_MASTER_KEY, generates one into DATA_DIR (0600) that the next start reads back', async () => {
    // The files of the tests above were stored under KEY_A, which the generated key would not open.
    await suite.sql('DELETE FROM blobs');
    const app = await build();
    const file = path.join(suite.dataDir(), GENERATED_MASTER_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').length).toBe(32);
    const data = randomBytes(1000);
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, data, INPUT));
    const again = await build();
    expect((await readAll((await again.blobs.get(id))!.stream)).equals(data)).toBe(true);
  });

  it('refuses a KYC_MASTER_KEY that is not 32 bytes, naming it', async () => {
    await expect(build({ KYC_MASTER_KEY: 'too-short' })).rejects.toBeInstanceOf(EnvError);
    await expect(build({ KYC_MASTER_KEY: 'ab'.repeat(31) })).rejects.toThrow(/KYC_MASTER_KEY/);
  });
});
