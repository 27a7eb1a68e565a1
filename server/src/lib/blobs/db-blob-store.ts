import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db/index.js';
import { fileKeyWrapKey } from './blob-cipher.js';
import { asBuffer, deleteMeta, DEFAULT_CHUNK_BYTES, insertMeta, openStored, publicMeta, readStoredMeta, sealChunks, STAGED_LIFETIME_MS, UUID } from './blob-chunks.js';
import type { BlobContent, BlobInput, BlobSource, BlobStore, StagedBlob, StoredBlob } from './blob-store.js';

// The default BlobStore: files in the database, so stateless instances behind one PostgreSQL
// all see every file and a database backup holds them (encrypted; the key is not in it).

export { DEFAULT_CHUNK_BYTES, STAGED_LIFETIME_MS } from './blob-chunks.js';

/**
 * How chunk bytes cross to the database. PGlite's own bytea conversion goes byte by byte in
 * JavaScript (some 1.2 s to store 10 MB): there, chunks travel as hex text converted by
 * Buffer and decoded by the database. pg sends and returns bytea natively.
 */
function chunkSql(kind: Db['kind']) {
  return kind === 'pglite'
    ? {
        insert: "INSERT INTO blob_chunks (blob_id, seq, data) VALUES ($1, $2, decode($3, 'hex'))",
        param: (bytes: Buffer): unknown => bytes.toString('hex'),
        select: "SELECT encode(data, 'hex') AS data FROM blob_chunks WHERE blob_id = $1 AND seq = $2",
        bytes: (value: unknown) => Buffer.from(value as string, 'hex'),
      }
    : {
        insert: 'INSERT INTO blob_chunks (blob_id, seq, data) VALUES ($1, $2, $3)',
        param: (bytes: Buffer): unknown => bytes,
        select: 'SELECT data FROM blob_chunks WHERE blob_id = $1 AND seq = $2',
        bytes: (value: unknown) => asBuffer(value as Uint8Array),
      };
}

export function createDbBlobStore(db: Db, masterKey: Buffer, chunkBytes = DEFAULT_CHUNK_BYTES): BlobStore {
  const wrapKey = fileKeyWrapKey(masterKey);
  const chunks = chunkSql(db.kind);

  async function open(id: string, q: Queryable, range?: { start: number; end: number }): Promise<BlobContent | null> {
    const found = await readStoredMeta(q, id);
    if (!found) return null;
    return openStored(found, wrapKey, async (seq) => {
      const { rows } = await q.query<{ data: unknown }>(chunks.select, [id, seq]);
      return rows[0] ? chunks.bytes(rows[0].data) : null;
    }, range);
  }

  /** Encrypts and writes the chunks through `q`; the meta row is commit()'s. */
  const writeChunks = (q: Queryable, id: string, source: BlobSource, input: BlobInput): Promise<StagedBlob> =>
    sealChunks(source, input, { id, wrapKey, chunkBytes }, async (seq, sealed) => {
      await q.query(chunks.insert, [id, seq, chunks.param(sealed)]);
    });

  async function commit(tx: Queryable, staged: StagedBlob): Promise<StoredBlob> {
    const stored = await insertMeta(tx, staged);
    await tx.query('DELETE FROM blob_staging WHERE blob_id = $1', [staged.id]);
    return stored;
  }

  async function dropChunks(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM blob_chunks WHERE blob_id = $1', [id]);
    await q.query('DELETE FROM blob_staging WHERE blob_id = $1', [id]);
  }

  return {
    async put(tx: Queryable, source: BlobSource, input: BlobInput): Promise<StoredBlob> {
      return commit(tx, await writeChunks(tx, randomUUID(), source, input));
    },
    async stage(source: BlobSource, input: BlobInput): Promise<StagedBlob> {
      const id = randomUUID();
      // First: a crash from here on leaves a row that pruneStaged() finds.
      await db.query('INSERT INTO blob_staging (blob_id) VALUES ($1)', [id]);
      try {
        return await writeChunks(db, id, source, input);
      } catch (error) {
        await dropChunks(db, id);
        throw error;
      }
    },
    commit,
    async discard(staged: StagedBlob): Promise<void> {
      // Only while still staged: a committed file is delete()'s to remove.
      const { rows } = await db.query('DELETE FROM blob_staging WHERE blob_id = $1 RETURNING blob_id', [staged.id]);
      if (rows.length > 0) await db.query('DELETE FROM blob_chunks WHERE blob_id = $1', [staged.id]);
    },
    async pruneStaged(olderThanMs = STAGED_LIFETIME_MS): Promise<number> {
      const { rows } = await db.query<{ blob_id: string }>(
        "SELECT blob_id FROM blob_staging WHERE created_at < now() - $1 * interval '1 millisecond' ORDER BY created_at LIMIT 100",
        [olderThanMs],
      );
      for (const { blob_id: id } of rows) await dropChunks(db, id);
      return rows.length;
    },
    meta: async (id, q = db) => publicMeta(await readStoredMeta(q, id)),
    get: (id, q = db) => open(id, q),
    getRange: (id, start, end, q = db) => open(id, q, { start, end }),
    async delete(tx: Queryable, id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      await tx.query('DELETE FROM blob_chunks WHERE blob_id = $1', [id]);
      return deleteMeta(tx, id);
    },
  };
}
