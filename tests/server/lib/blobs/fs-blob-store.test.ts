import { randomBytes } from 'node:crypto';
import { readdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EnvError } from '../../../../server/src/env.js';
import { STAGED_LIFETIME_MS } from '../../../../server/src/lib/blobs/db-blob-store.js';
import { describeEachDatabase } from '../../helper.js';
import { blobDir, fsChunkDir } from './adapters.js';
import { readAll } from './fixtures.js';

// What only the filesystem adapter has: files and directories, markers, and a BLOB_DIR that
// may not be the one the files were written to. The BlobStore contract itself is
// blob-store.test.ts, run on both adapters.

const KEY = randomBytes(32).toString('base64');
const INPUT = { contentType: 'application/pdf', filename: 'a.pdf' };
const longAgo = new Date(Date.now() - 2 * STAGED_LIFETIME_MS);

describeEachDatabase('blob store (fs): files', (suite) => {
  const build = (env = {}) => suite.build({ KYC_MASTER_KEY: KEY, BLOB_STORE: 'fs', BLOB_DIR: blobDir(suite), ...env });
  const markers = async (kind: '.pending' | '.deleted') => readdir(path.join(blobDir(suite), kind));

  it('writes whole chunk files readable by the owner only, and no temporary file stays', async () => {
    const app = await build();
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, randomBytes(600_000), INPUT));
    const dir = fsChunkDir(suite, id);
    expect((await readdir(dir)).sort()).toEqual(['0', '1', '2']);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const name of ['0', '1', '2']) expect((await stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
    // The write's marker goes once its meta row is seen committed.
    expect(await markers('.pending')).toContain(id);
    await app.blobs.pruneStaged();
    expect(await markers('.pending')).not.toContain(id);
  });

  it('prunes an abandoned write (no meta row) once it is older than the lifetime', async () => {
    const app = await build();
    const staged = await app.blobs.stage(randomBytes(300_000), INPUT);
    expect(await app.blobs.pruneStaged()).toBe(0);
    expect(await readdir(fsChunkDir(suite, staged.id))).toHaveLength(2);
    // As after a crash an hour ago: only the marker's age tells.
    await utimes(path.join(blobDir(suite), '.pending', staged.id), longAgo, longAgo);
    expect(await app.blobs.pruneStaged()).toBe(1);
    await expect(stat(fsChunkDir(suite, staged.id))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await markers('.pending')).not.toContain(staged.id);
  });

  it('keeps a file whose delete rolled back, and drops the stale marker after the lifetime', async () => {
    const app = await build();
    const data = randomBytes(300_000);
    const { id } = await app.db.transaction((tx) => app.blobs.put(tx, data, INPUT));
    await app.db
      .transaction(async (tx) => {
        await app.blobs.delete(tx, id);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await markers('.deleted')).toContain(id);
    await app.blobs.pruneStaged(0);
    expect(await markers('.deleted')).toContain(id);
    await utimes(path.join(blobDir(suite), '.deleted', id), longAgo, longAgo);
    await app.blobs.pruneStaged(0);
    expect(await markers('.deleted')).not.toContain(id);
    expect((await readAll((await app.blobs.get(id))!.stream)).equals(data)).toBe(true);
  });

  it('refuses to start on a BLOB_DIR that does not hold the stored files, naming it', async () => {
    const app = await build();
    await app.db.transaction((tx) => app.blobs.put(tx, randomBytes(1000), INPUT));
    const elsewhere = path.join(suite.dataDir(), 'not-the-blobs');
    await expect(build({ BLOB_DIR: elsewhere })).rejects.toBeInstanceOf(EnvError);
    await expect(build({ BLOB_DIR: elsewhere })).rejects.toThrow(/BLOB_DIR: .*not-the-blobs does not hold the stored files/);
  });
});

describeEachDatabase('blob store: switching adapters', (suite) => {
  it('refuses BLOB_STORE=fs over files stored in the database (they are not moved)', async () => {
    const app = await suite.build({ KYC_MASTER_KEY: KEY });
    await app.db.transaction((tx) => app.blobs.put(tx, randomBytes(1000), INPUT));
    await expect(suite.build({ KYC_MASTER_KEY: KEY, BLOB_STORE: 'fs', BLOB_DIR: blobDir(suite) })).rejects.toThrow(/BLOB_DIR: .*BLOB_STORE=db stay in the database/);
  });
});
