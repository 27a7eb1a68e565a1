import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { copyText } from './copy-text.js';
import type { Db, Queryable } from './types.js';

// PGlite's query() crosses into WebAssembly six times (parse, describe, bind, describe,
// execute, sync) and plans the statement every time; that alone cost more than the
// RSA decryption of a sealed request. A statement prepared once per database and run
// with EXECUTE is one crossing and no planning, so parameterised queries take that path.

/** A SQL literal of unknown type, coerced to the parameter's type as a bound value would be. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') {
    // standard_conforming_strings is on: doubling quotes is the whole escaping.
    if (value.includes('\0')) throw new RangeError('a SQL parameter cannot contain a NUL character');
    return `'${value.replaceAll("'", "''")}'`;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return `'${value}'`;
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value).toString('hex')}'`;
  return literal(JSON.stringify(value));
}

// initdb's default of 128 MB is all touched at start in WebAssembly memory (idle RSS ~1 GB
// with the rest); the operating system's file cache still holds the table files.
const SHARED_BUFFERS = '16MB';

const INITDB_SCRIPT = `const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2]).then((db) => db.close()).catch((error) => { console.error(error); process.exit(1); });`;

/**
 * A first start runs initdb in a second PGlite inside the first, and the ~600 MB the two touch
 * stays in the process's RSS after they are freed: a short-lived process creates the files instead.
 */
async function createDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  await mkdir(dataDir, { recursive: true });
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await promisify(execFile)(process.execPath, ['-e', INITDB_SCRIPT, entry, dataDir]);
}

/** `dataDir` is a folder, or `memory://` for a database that lives as long as the process. */
export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) await createDataDir(dataDir);
  const pglite = await PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] });
  // Prepared statements belong to the database session, not to a transaction: a rollback keeps them.
  const statements = new Map<string, { name: string; ready: boolean }>();
  let counter = 0;

  /** The prepared name, once PREPARE has completed; null while it has not (then run the plain query). */
  async function preparedName(sql: string, inTransaction: boolean): Promise<string | null> {
    const known = statements.get(sql);
    if (known) return known.ready ? known.name : null;
    // Never from inside a transaction: PGlite would queue the PREPARE behind the transaction's own lock.
    if (inTransaction) return null;
    counter += 1;
    const statement = { name: `bo_${counter}`, ready: false };
    statements.set(sql, statement);
    try {
      await pglite.exec(`PREPARE ${statement.name} AS ${sql}`);
      statement.ready = true;
      return statement.name;
    } catch {
      // Not preparable, or not valid: the plain query says why.
      statements.delete(sql);
      return null;
    }
  }

  function wrap(target: PGlite | Transaction, inTransaction: boolean): Queryable {
    return {
      async query<T>(sql: string, params: readonly unknown[] = []) {
        const name = params.length > 0 ? await preparedName(sql, inTransaction) : null;
        if (!name) return { rows: (await target.query<T>(sql, params as unknown[])).rows };
        const [result] = await target.exec(`EXECUTE ${name}(${params.map(literal).join(', ')})`);
        return { rows: (result?.rows ?? []) as T[] };
      },
      async exec(sql: string) {
        await target.exec(sql);
      },
      async copyFrom(table, columns, rows) {
        await target.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob([copyText(rows)]) });
      },
    };
  }

  const root = wrap(pglite, false);
  let transactions = 0;
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    copyFrom: root.copyFrom,
    async transaction(fn) {
      transactions += 1;
      try {
        return await pglite.transaction((tx) => fn(wrap(tx, true)));
      } finally {
        transactions -= 1;
      }
    },
    get held() {
      return transactions > 0;
    },
    close: () => pglite.close(),
  };
}
