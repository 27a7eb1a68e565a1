import type { Db, Queryable } from '../../db/index.js';

// The rows of one SELECT, a batch at a time through a cursor (DECLARE … FETCH), so an
// export never holds its whole result. The same SQL on both databases; what differs is
// where the cursor lives:
// - PostgreSQL: inside a transaction, which keeps one pooled connection for the export
//   while every other request uses the rest of the pool.
// - PGlite has one connection, and a transaction held for as long as a reader downloads
//   would stop every other request (the seal check included). There the cursor is WITH
//   HOLD, declared outside any transaction: its rows are set aside (in the database's own
//   temporary files past work_mem) when the DECLARE commits, and each FETCH is a short
//   query of its own that other requests run between.

/**
 * Rows a FETCH brings. Small on purpose: what costs an export memory is not the database
 * (PGlite's held cursor spills past work_mem to temporary files; its WebAssembly heap grew
 * 5 MB over 100,000 rows) but the JavaScript heap. A batch lives until its last row is
 * written, and `npm run serve` gives V8 4 MB semi-spaces: a batch of 1000 rows (and the one
 * fetched ahead) outlived two scavenges, was promoted to the old generation, and the old
 * generation grew by 60-110 MB before V8 ran a full collection. Batches of 200 die young.
 */
export const FETCH_SIZE = 200;

/** PGlite's cursors share its one session: each export takes a free name (few names, so few prepared statements). */
const pgliteNames = new Set<string>();

function takeName(): string {
  for (let slot = 0; ; slot += 1) {
    const name = `export_rows_${slot}`;
    if (!pgliteNames.has(name)) {
      pgliteNames.add(name);
      return name;
    }
  }
}

/**
 * A transaction kept open until `end` is called: the bridge between db.transaction's
 * callback and a generator that its consumer drives.
 */
function heldTransaction(db: Db): Promise<{ tx: Queryable; end(): Promise<void> }> {
  return new Promise((resolveHeld, rejectHeld) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const outcome = db.transaction(async (tx) => {
      resolveHeld({
        tx,
        async end() {
          release();
          await outcome;
        },
      });
      await released;
    });
    // Only a failure before the callback ran (BEGIN, no connection) reaches here unhandled.
    outcome.catch(rejectHeld);
  });
}

/** FETCHes batches, asking for the next while the current one is being written out. */
async function* fetched(q: Queryable, name: string, size: number): AsyncGenerator<Record<string, unknown>[]> {
  const fetch = () => q.query(`FETCH ${size} FROM ${name}`);
  let next: Promise<{ rows: Record<string, unknown>[] }> | undefined = fetch();
  try {
    while (next) {
      const { rows }: { rows: Record<string, unknown>[] } = await next;
      next = rows.length === size ? fetch() : undefined;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // Stopped early: the FETCH in flight ends before the cursor is closed (its failure no longer matters).
    await next?.catch(() => undefined);
  }
}

/**
 * The rows of `sql` in batches of `size`. Stopping early (a reader who hangs up: the stream
 * ends the generator) closes the cursor and ends its transaction.
 */
export async function* cursorBatches(db: Db, sql: string, params: readonly unknown[], size = FETCH_SIZE): AsyncGenerator<Record<string, unknown>[]> {
  if (db.kind === 'pglite') {
    const name = takeName();
    try {
      await db.query(`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${sql}`, params);
      try {
        yield* fetched(db, name, size);
      } finally {
        await db.query(`CLOSE ${name}`);
      }
    } finally {
      pgliteNames.delete(name);
    }
    return;
  }
  const { tx, end } = await heldTransaction(db);
  try {
    await tx.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${sql}`, params);
    yield* fetched(tx, 'export_rows', size);
  } finally {
    // A read-only transaction: commit or not, nothing changes; ending it frees the connection.
    await end();
  }
}

/** What a handed-on record's place in its batch holds. */
const EMPTY: Record<string, unknown> = Object.freeze({});

/**
 * One record at a time; the next batch is fetched while this one is written. Each record is
 * let go of as it is handed on, so a written row is garbage at once rather than when its batch ends.
 */
export async function* cursorRows(db: Db, sql: string, params: readonly unknown[], size = FETCH_SIZE): AsyncGenerator<Record<string, unknown>> {
  for await (const batch of cursorBatches(db, sql, params, size)) {
    for (let index = 0; index < batch.length; index += 1) {
      const row = batch[index] as Record<string, unknown>;
      batch[index] = EMPTY;
      yield row;
    }
  }
}
