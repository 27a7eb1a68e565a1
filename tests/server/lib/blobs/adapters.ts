import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { EnvInput } from '../../../../server/src/env.js';
import type { BlobStore } from '../../../../server/src/lib/blobs/blob-store.js';
import { createDbBlobStore } from '../../../../server/src/lib/blobs/db-blob-store.js';
import { createFsBlobStore } from '../../../../server/src/lib/blobs/fs-blob-store.js';
import type { SuiteContext } from '../../helper.js';

/** The BlobStore adapters, each seen through what the tests need to look at or tamper with. */
export interface BlobAdapter {
  name: 'db' | 'fs';
  /** The variables selecting it, for the suite's apps. */
  env(suite: SuiteContext): EnvInput;
  /** Another store on the same storage, under `masterKey`. */
  create(app: FastifyInstance, masterKey: Buffer): Promise<BlobStore>;
  /** The sealed chunks of a file as stored, in order. */
  chunks(suite: SuiteContext, id: string): Promise<Buffer[]>;
  /** Swaps the stored chunks `a` and `b` of a file (same file, same key: only their places differ). */
  swapChunks(suite: SuiteContext, id: string, a: number, b: number): Promise<void>;
  removeChunk(suite: SuiteContext, id: string, seq: number): Promise<void>;
  /** Everything the adapter keeps for files: equal before and after means nothing was left behind. */
  footprint(suite: SuiteContext): Promise<unknown>;
  /** fs: a committed delete leaves the chunks to the next prune (files cannot join the transaction). */
  deletesAtPrune: boolean;
}

const count = async (suite: SuiteContext, table: string) => Number((await suite.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);

export const blobDir = (suite: SuiteContext) => path.join(suite.dataDir(), 'blobs');
export const fsChunkDir = (suite: SuiteContext, id: string) => path.join(blobDir(suite), id.slice(0, 2), id);

/** Every file under `dir` but the markers, relative. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((name) => !name.startsWith('.'))
    .sort();
}

const dbAdapter: BlobAdapter = {
  name: 'db',
  env: () => ({}),
  create: async (app, key) => createDbBlobStore(app.db, key),
  async chunks(suite, id) {
    const rows = await suite.sql<{ data: Uint8Array }>('SELECT data FROM blob_chunks WHERE blob_id = $1 ORDER BY seq', [id]);
    return rows.map((row) => Buffer.from(row.data));
  },
  async swapChunks(suite, id, a, b) {
    await suite.sql(
      `UPDATE blob_chunks c SET data = o.data FROM blob_chunks o
        WHERE c.blob_id = $1 AND o.blob_id = $1 AND c.seq IN ($2, $3) AND o.seq = $2 + $3 - c.seq`,
      [id, a, b],
    );
  },
  async removeChunk(suite, id, seq) {
    await suite.sql('DELETE FROM blob_chunks WHERE blob_id = $1 AND seq = $2', [id, seq]);
  },
  footprint: async (suite) => ({ blobs: await count(suite, 'blobs'), chunks: await count(suite, 'blob_chunks'), staged: await count(suite, 'blob_staging') }),
  deletesAtPrune: false,
};

const fsAdapter: BlobAdapter = {
  name: 'fs',
  env: (suite) => ({ BLOB_STORE: 'fs', BLOB_DIR: blobDir(suite) }),
  create: (app, key) => createFsBlobStore(app.db, key, app.env.BLOB_DIR as string),
  async chunks(suite, id) {
    const dir = fsChunkDir(suite, id);
    const names = (await readdir(dir).catch(() => [])).sort((a, b) => Number(a) - Number(b));
    return Promise.all(names.map((name) => readFile(path.join(dir, name))));
  },
  async swapChunks(suite, id, a, b) {
    const dir = fsChunkDir(suite, id);
    await rename(path.join(dir, String(a)), path.join(dir, 'swap'));
    await rename(path.join(dir, String(b)), path.join(dir, String(a)));
    await rename(path.join(dir, 'swap'), path.join(dir, String(b)));
  },
  async removeChunk(suite, id, seq) {
    await rm(path.join(fsChunkDir(suite, id), String(seq)));
  },
  footprint: async (suite) => ({ blobs: await count(suite, 'blobs'), files: await filesUnder(blobDir(suite)) }),
  deletesAtPrune: true,
};

export const BLOB_ADAPTERS = [dbAdapter, fsAdapter];
