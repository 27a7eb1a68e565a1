import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { copyText, type CopyValue } from './copy-text.js';
import type { Db, Queryable } from './types.js';

// A named statement is parsed and planned once per connection instead of per call;
// the name derives from the text, so every connection agrees on it.
const names = new Map<string, string>();
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `bo_${createHash('sha256').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

// In chunks, so the server parses one while the next is written (a 50 000-row import: 7 MB).
function* copyChunks(rows: Iterable<readonly CopyValue[]>, size = 2_000): Generator<string> {
  let chunk: Array<readonly CopyValue[]> = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === size) {
      yield copyText(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) yield copyText(chunk);
}

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result =
        params.length > 0
          ? await target.query({ name: statementName(sql), text: sql, values: params as unknown[] })
          : await target.query(sql);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
    async copyFrom(table, columns, rows) {
      const client = target instanceof pg.Pool ? await target.connect() : target;
      try {
        await pipeline(Readable.from(copyChunks(rows)), client.query(copyFromStdin(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)));
      } finally {
        if (client !== target) client.release();
      }
    },
  };
}

export async function openPostgres(connectionString: string, onIdleError: (error: Error) => void): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', onIdleError);
  const root = wrap(pool);
  // Fail at start, with the driver's message, rather than on the first request.
  await root.query('SELECT 1');
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    copyFrom: root.copyFrom,
    held: false,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
