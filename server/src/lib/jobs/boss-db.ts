import type { Db, Queryable } from '../../db/index.js';

// pg-boss 10 reaches the database only through `executeSql(text, values)` on its `db` option
// (checked in its src/: manager, boss, timekeeper, contractor). It never LISTENs; workers poll.
// What it sends:
// - single statements with `$n` parameters (fetch, send, complete, fail, cancel, schedule...):
//   run as our Db runs any query. On PGlite a query outside a transaction waits for any
//   transaction of ours to end first (pglite.ts), so pg-boss's polling never slips into one of
//   our transactions, and each of its statements is short, so it never holds ours up for long;
// - single statements without parameters (version, schedules, counts);
// - "locked" blocks, `BEGIN; SET LOCAL ...; SELECT pg_advisory_xact_lock(...); ...; COMMIT;`
//   (plans.js locked(): schema creation, its migrations, and maintenance: expire, archive,
//   drop). Sent as one text, an error in the middle would leave the connection inside an
//   aborted transaction: on PGlite, the only connection, every later query would fail. They
//   run here inside our own transaction instead, which rolls back on error.

export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const LOCKED_BLOCK = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/** The adapter pg-boss runs on; `close()` makes every later call wait forever (see below). */
export interface ClosableBossDb extends BossDb {
  close(): void;
}

/**
 * pg-boss on one of our databases (the app's PGlite, or a pool of its own on PostgreSQL).
 * After close(), calls never settle: pg-boss completes some jobs without awaiting or catching
 * the promise (its internal cron worker), and such a call racing the shutdown would otherwise
 * reject with nobody listening and end the process.
 */
export function bossDbOn(db: Db): ClosableBossDb {
  let closed = false;
  return {
    async executeSql(text, values) {
      if (closed) return new Promise<never>(() => {});
      const block = values && values.length > 0 ? null : LOCKED_BLOCK.exec(text);
      if (block) {
        await db.transaction((tx) => tx.exec(block[1] as string));
        return { rows: [] };
      }
      return db.query(text, values ?? []);
    },
    close() {
      closed = true;
    },
  };
}

/**
 * pg-boss inside one of our transactions: what it writes (a job sent, completed, failed,
 * cancelled) commits or rolls back with the caller's rows. Passed as pg-boss's per-call
 * `{ db }` option; locked blocks never come this way.
 */
export function bossDbIn(tx: Queryable): BossDb {
  return {
    executeSql: (text, values) => tx.query(text, values ?? []),
  };
}
