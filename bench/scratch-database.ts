import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDb, type Db } from '../server/src/db/index';
import { migrate, readMigrations } from '../server/src/db/migrate';
import { AREAS } from '../common/resources/areas';
import { shippedConfig, withAreas, withModules } from '../tests/fixtures/app-config';
import { benchApp } from './news-list';

/** Runs `run` on a new database beside `baseUrl`'s, dropped afterwards. */
export async function withScratchDatabase<T>(baseUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `bo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export interface BenchSizes {
  size: number;
  /** PGlite's, often smaller to keep the bench short; 0 skips it. */
  pgliteSize: number;
  /** The variable that sets pgliteSize. */
  pgliteEnv: string;
  /** A size in words, as "250,000 records". */
  words(size: number): string;
}

/**
 * A bench on PostgreSQL (a scratch database beside BENCH_DATABASE_URL or TEST_DATABASE_URL)
 * and then on PGlite in memory, saying what is skipped or made smaller.
 */
export async function onEachDatabase(what: string, sizes: BenchSizes, run: (label: string, url: string, size: number) => Promise<void>): Promise<void> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (baseUrl) await withScratchDatabase(baseUrl, (url) => run('PostgreSQL', url, sizes.size));
  else console.log(`\n${what} on PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.`);
  if (sizes.pgliteSize <= 0) {
    console.log(`\n${what} on PGlite skipped (${sizes.pgliteEnv}=0).`);
    return;
  }
  if (sizes.pgliteSize < sizes.size) {
    console.log(`\n(${what} on PGlite at ${sizes.words(sizes.pgliteSize)} to keep the bench short; ${sizes.pgliteEnv}=${sizes.size} for the full size.)`);
  }
  await run('PGlite (in memory)', 'memory://', sizes.pgliteSize);
}

/** `run` on the database at `url`, migrated, with a data dir of its own and an app.json with `areas` on; all removed after. */
export async function withBenchDatabase<T>(url: string, areas: string[], run: (db: Db, dataDir: string, config: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
  const db = await openDb(url, dataDir);
  try {
    await migrate(db, await readMigrations());
    const config = join(dataDir, 'app.json');
    writeFileSync(config, JSON.stringify(withAreas(shippedConfig(), areas)));
    return await run(db, dataDir, config);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * An app on an in-memory PGlite with every area and module on, as the attack benches need
 * (bench/image-bomb.ts, bench/xlsx-bomb.ts); `close` ends it and removes its data dir.
 */
export async function everyAreaBenchApp(): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-every-area-'));
  const shipped = shippedConfig();
  const configFile = join(dataDir, 'app.json');
  writeFileSync(configFile, JSON.stringify(withModules(withAreas(shipped, AREAS.map((area) => area.value)), shipped.modules.map((entry) => entry.name))));
  const db = await openDb('memory://', dataDir);
  const app = await benchApp(db, dataDir, configFile);
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
