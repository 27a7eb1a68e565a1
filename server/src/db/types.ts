import type { CopyValue } from './copy-text.js';

export type { CopyValue } from './copy-text.js';

/** What repositories need from a connection or a transaction: one SQL dialect, `$1` parameters. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
  /** Several statements, no parameters: migrations only. */
  exec(sql: string): Promise<void>;
  /**
   * Bulk load through COPY ... FROM STDIN: thousands of rows in one statement, parsed several
   * times faster than array or JSON parameters. `table` and `columns` are names from the code.
   */
  copyFrom(table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Commits when `fn` resolves, rolls back when it throws. Inside, use `tx` only: PGlite has one connection. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * True while a transaction holds, or waits for, the only connection (PGlite): a query made
   * now would wait for it to end. Always false on PostgreSQL, where the pool has others.
   */
  readonly held: boolean;
  /**
   * PGlite only: calls `callback` with each NOTIFY on `channel` once its transaction commits;
   * resolves to the unlisten. PostgreSQL LISTENs on a connection of its own instead
   * (lib/live/channel.ts): a pooled one goes back to the pool, its LISTEN with it.
   */
  listen?(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
