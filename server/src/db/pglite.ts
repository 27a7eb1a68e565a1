import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import { copyText } from './copy-text.js';
import type { Db, Queryable } from './types.js';

// PGlite's query() crosses into WebAssembly six times (parse, describe, bind, describe,
// execute, sync) and plans the statement every time; that alone cost more than the RSA
// decryption of a sealed request. Here a statement is parsed once per database under a
// name (the server learns its parameter types), and each call sends Bind, Describe,
// Execute and Sync in one message: one crossing, no planning, and the values travel as
// bound parameters, serialised by their type as PGlite's own query() does (arrays too).
// Nothing here ever writes a value into SQL text.

/** Named statements kept per database; the least recently used beyond this are closed. */
export const MAX_PREPARED = 500;

interface Prepared {
  name: string;
  paramTypes: number[];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
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
  const { serialize } = protocol;
  // Named statements belong to the database session, not to a transaction: a rollback keeps them.
  // Map order is use order: a hit moves to the end, the first is the least recently used.
  const statements = new Map<string, Prepared>();
  let counter = 0;

  /** Runs protocol messages; a database error is thrown once Sync has ended the exchange. */
  const exchange = (...messages: Uint8Array[]) => pglite.execProtocolStream(concat(messages), { syncToFs: false });

  async function prepared(sql: string): Promise<Prepared> {
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    counter += 1;
    const name = `bo_${counter}`;
    const described = await exchange(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync());
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(sql, statement);
    if (statements.size > MAX_PREPARED) {
      const [oldestSql, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestSql);
      await exchange(serialize.close({ type: 'S', name: oldest.name }), serialize.sync());
    }
    return statement;
  }

  /** As PGlite's query() serialises a parameter: by the type the server inferred for it. */
  function serialized(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : pglite.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  async function runPrepared<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const statement = await prepared(sql);
    const values = params.map((value, index) => serialized(value, statement.paramTypes[index]));
    const replies = await exchange(
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    return (parse.parseResults(replies, pglite.parsers)[0]?.rows ?? []) as T[];
  }

  function wrap(target: PGlite | Transaction, inTransaction: boolean): Queryable {
    return {
      async query<T>(sql: string, params: readonly unknown[] = []) {
        if (params.length === 0) return { rows: (await target.query<T>(sql)).rows };
        // The locks PGlite's own query() takes: inside a transaction only the query lock
        // (the transaction holds its own); outside, wait for any transaction to end first.
        const run = () => pglite._runExclusiveQuery(() => runPrepared<T>(sql, params));
        const rows = inTransaction ? await run() : await pglite._runExclusiveTransaction(run);
        if (!inTransaction) await pglite.syncToFs();
        return { rows };
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
    // PGlite reads notifications out of every reply it parses, the protocol exchanges above
    // included (execProtocolStream), so a commit through either path delivers them.
    async listen(channel, callback) {
      const unlisten = await pglite.listen(channel, callback);
      return () => unlisten();
    },
    close: () => pglite.close(),
  };
}
