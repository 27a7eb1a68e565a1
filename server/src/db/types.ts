/** What repositories need from a connection or a transaction: one SQL dialect, `$1` parameters. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
  /** Several statements, no parameters: migrations only. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Commits when `fn` resolves, rolls back when it throws. Inside, use `tx` only: PGlite has one connection. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

