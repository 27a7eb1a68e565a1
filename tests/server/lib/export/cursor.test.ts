import { expect, it } from 'vitest';
import { cursorBatches } from '../../../../server/src/lib/export/cursor';
import { describeEachDatabase } from '../../helper';

// The export's cursor: batches in order, and while a reader is slow (the generator waits
// between batches) other queries still run, on PGlite's one connection too; stopping early
// closes the cursor.

describeEachDatabase('export cursor', (suite) => {
  it('reads in batches, lets other queries run between them, and closes the cursor when stopped early', async () => {
    const app = await suite.build();
    const sql = 'SELECT g AS n FROM generate_series(1, 2050) AS g WHERE g > $1 ORDER BY g';
    const all: number[] = [];
    for await (const batch of cursorBatches(app.db, sql, [0], 1000)) all.push(...batch.map((row) => Number(row.n)));
    expect(all).toHaveLength(2050);
    expect(all.every((n, index) => n === index + 1)).toBe(true);

    const reading = cursorBatches(app.db, sql, [10], 100);
    const first = await reading.next();
    expect((first.value as Array<{ n: number }>).map((row) => Number(row.n)).slice(0, 2)).toEqual([11, 12]);
    // The reader is paused here: another query must not wait for it (a held PGlite transaction would).
    const other = await Promise.race([
      app.db.query<{ one: number }>('SELECT 1 AS one WHERE $1::int = 1', [1]),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
    ]);
    expect(other).toEqual({ rows: [{ one: 1 }] });
    await reading.return(undefined);
    expect(app.db.held).toBe(false);
    if (suite.kind === 'pglite') {
      // Cursors are the session's; on PGlite the test shares the server's only session.
      expect(await suite.sql<{ n: number }>("SELECT count(*)::int AS n FROM pg_cursors WHERE name LIKE 'export_rows%'")).toEqual([{ n: 0 }]);
    }
  });
});
