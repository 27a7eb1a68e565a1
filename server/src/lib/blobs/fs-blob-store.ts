import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from '../../db/index.js';
import { fileKeyWrapKey } from './blob-cipher.js';
import { deleteMeta, DEFAULT_CHUNK_BYTES, insertMeta, openStored, publicMeta, readStoredMeta, sealChunks, STAGED_LIFETIME_MS, UUID } from './blob-chunks.js';
import type { BlobContent, BlobInput, BlobSource, BlobStore, StagedBlob, StoredBlob } from './blob-store.js';

// BlobStore for large deployments (BLOB_STORE=fs): the sealed chunks as files under BLOB_DIR
// (a directory every instance shares), the meta row still in `blobs`. Same encryption as the
// database adapter (blob-chunks.ts, blob-cipher.ts); the files hold ciphertext only.
//
// The meta row is the commit point, written or deleted in the caller's transaction. Files
// cannot join that transaction, so each change leaves a marker file first:
//   .pending/<id>  before a file's chunks are written (stage or put). Once its meta row is
//                  committed the marker is dropped; without one after STAGED_LIFETIME_MS (a
//                  rollback, a failed request, a crash) the chunks are pruned with it.
//   .deleted/<id>  in delete(), before the meta row goes. Once the row is gone (the delete
//                  committed) the next prune removes the chunks; a row still there long after
//                  (the delete rolled back) drops the marker only.
// A marker, not a row: on PGlite a transaction holds the only connection, so put() could
// write nothing that survives the caller's rollback.
//
// Layout: BLOB_DIR/<first 2 hex digits>/<id>/<seq>, each chunk written to a temporary name,
// fsynced and renamed, so a chunk file is always whole.

/** Markers handled per prune, per kind: pruning runs every minute, a backlog drains over a few. */
const PRUNE_BATCH = 500;

export interface FsBlobStore extends BlobStore {
  /** True when the chunks of a committed file `id` are in BLOB_DIR (the start checks BLOB_DIR is the right one). */
  holds(id: string): Promise<boolean>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Makes a directory's entries (a rename, a new file) survive a crash. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Written under a temporary name, fsynced, then renamed: `file` is whole or absent. */
async function writeAtomic(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

export async function createFsBlobStore(db: Db, masterKey: Buffer, blobDir: string, chunkBytes = DEFAULT_CHUNK_BYTES): Promise<FsBlobStore> {
  const wrapKey = fileKeyWrapKey(masterKey);
  const root = path.resolve(blobDir);
  const pendingDir = path.join(root, '.pending');
  const deletedDir = path.join(root, '.deleted');
  await mkdir(pendingDir, { recursive: true, mode: 0o700 });
  await mkdir(deletedDir, { recursive: true, mode: 0o700 });

  const fileDir = (id: string) => path.join(root, id.slice(0, 2).toLowerCase(), id.toLowerCase());
  const chunkFile = (id: string, seq: number) => path.join(fileDir(id), String(seq));

  /** An empty file: only its name and age matter. */
  async function mark(dir: string, id: string): Promise<void> {
    const handle = await open(path.join(dir, id), 'w', 0o600);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await syncDir(dir);
  }

  async function readChunk(id: string, seq: number): Promise<Buffer | null> {
    try {
      return await readFile(chunkFile(id, seq));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function openBlob(id: string, q: Queryable, range?: { start: number; end: number }): Promise<BlobContent | null> {
    const found = await readStoredMeta(q, id);
    return found && openStored(found, wrapKey, (seq) => readChunk(id, seq), range);
  }

  /** The marker first: a crash from here on leaves something pruneStaged() finds. */
  async function writeChunkFiles(source: BlobSource, input: BlobInput): Promise<StagedBlob> {
    const id = randomUUID();
    await mark(pendingDir, id);
    const dir = fileDir(id);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await syncDir(path.dirname(dir));
      const staged = await sealChunks(source, input, { id, wrapKey, chunkBytes }, (seq, sealed) => writeAtomic(chunkFile(id, seq), sealed));
      // The renames themselves, before a meta row can point at them.
      await syncDir(dir);
      return staged;
    } catch (error) {
      await removeFile(id);
      throw error;
    }
  }

  /** The chunks, then the markers that listed them. */
  async function removeFile(id: string): Promise<void> {
    await rm(fileDir(id), { recursive: true, force: true });
    await rm(path.join(pendingDir, id), { force: true });
    await rm(path.join(deletedDir, id), { force: true });
  }

  async function committedAmong(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await db.query<{ id: string }>('SELECT id FROM blobs WHERE id = ANY($1::uuid[])', [ids]);
    return new Set(rows.map((row) => row.id.toLowerCase()));
  }

  /** Markers of one kind with their age in ms; a marker another instance just pruned is skipped. */
  async function markers(dir: string): Promise<Array<{ id: string; age: number }>> {
    const names = (await readdir(dir)).filter((name) => UUID.test(name)).slice(0, PRUNE_BATCH);
    const found: Array<{ id: string; age: number }> = [];
    for (const id of names) {
      try {
        found.push({ id, age: Date.now() - (await stat(path.join(dir, id))).mtimeMs });
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return found;
  }

  const commit = (tx: Queryable, staged: StagedBlob): Promise<StoredBlob> => insertMeta(tx, staged);

  return {
    async put(tx, source, input) {
      return commit(tx, await writeChunkFiles(source, input));
    },
    stage: (source, input) => writeChunkFiles(source, input),
    commit,
    async discard(staged) {
      // Only while not committed: a committed file is delete()'s to remove.
      if ((await committedAmong([staged.id])).size === 0) await removeFile(staged.id);
    },
    async pruneStaged(olderThanMs = STAGED_LIFETIME_MS) {
      // Deleted files first: their write markers go with them, so none is counted as abandoned.
      const deleted = await markers(deletedDir);
      const kept = await committedAmong(deleted.map(({ id }) => id));
      for (const { id, age } of deleted) {
        if (!kept.has(id.toLowerCase())) await removeFile(id);
        // The delete rolled back (its transaction would not last that long): the file stays.
        else if (age >= STAGED_LIFETIME_MS) await rm(path.join(deletedDir, id), { force: true });
      }
      let pruned = 0;
      const pending = await markers(pendingDir);
      const written = await committedAmong(pending.map(({ id }) => id));
      for (const { id, age } of pending) {
        if (written.has(id.toLowerCase())) await rm(path.join(pendingDir, id), { force: true });
        else if (age >= olderThanMs) {
          await removeFile(id);
          pruned += 1;
        }
      }
      return pruned;
    },
    meta: async (id, q = db) => publicMeta(await readStoredMeta(q, id)),
    get: (id, q = db) => openBlob(id, q),
    getRange: (id, start, end, q = db) => openBlob(id, q, { start, end }),
    async delete(tx, id) {
      if (!UUID.test(id)) return false;
      // The marker first: the row may go with the caller's commit, and the chunks after it.
      await mark(deletedDir, id);
      return deleteMeta(tx, id);
    },
    async holds(id) {
      if (!UUID.test(id)) return false;
      try {
        return (await stat(chunkFile(id, 0))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
