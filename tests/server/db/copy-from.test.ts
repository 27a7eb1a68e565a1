import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper.js';

describeEachDatabase('bulk load with COPY', (suite) => {
  it('loads text with tabs, newlines and backslashes, NULLs, booleans and numbers as given', async () => {
    const app = await suite.build();
    const rows = [
      ['tab\there', true, 1, 'back\\slash \\N'],
      ['line\nbreak\r\nend', false, -2.5, null],
      ['', null, null, "quote ' and \" é"],
    ] as const;
    const loaded = await app.db.transaction(async (tx) => {
      await tx.query('CREATE TEMP TABLE copy_check (t text, b boolean, n numeric, u text) ON COMMIT DROP');
      await tx.copyFrom('copy_check', ['t', 'b', 'n', 'u'], rows);
      return (await tx.query<{ t: string; b: boolean | null; n: string | null; u: string | null }>('SELECT t, b, n::text AS n, u FROM copy_check')).rows;
    });
    expect(loaded).toEqual([
      { t: 'tab\there', b: true, n: '1', u: 'back\\slash \\N' },
      { t: 'line\nbreak\r\nend', b: false, n: '-2.5', u: null },
      { t: '', b: null, n: null, u: "quote ' and \" é" },
    ]);
  });
});
