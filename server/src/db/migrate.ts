import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './types.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

// Any constant works as long as nothing else in the database uses it: instances
// starting together on one PostgreSQL queue on it instead of racing.
const MIGRATION_LOCK = 7_263_548_001;
const FILE_PATTERN = /^(\d{3})_[a-z0-9_-]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`migration file name must look like 001_name.sql: ${file}`);
    const version = Number(match[1]);
    if (migrations.some((migration) => migration.version === version)) {
      throw new Error(`two migrations share the number ${match[1]}`);
    }
    migrations.push({ version, name: file, sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return migrations;
}

/** Applies what is missing, one transaction per file; returns the names it applied. */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK]);
      // Created under the lock: a concurrent CREATE TABLE IF NOT EXISTS can still fail on PostgreSQL.
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}

/** True once every known migration is recorded: what the health check reports. */
export async function isMigrated(db: Db, latestVersion: number): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $1) AS ok`,
    [latestVersion],
  );
  return rows[0]?.ok === true;
}
