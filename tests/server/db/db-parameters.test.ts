import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { openPglite, MAX_PREPARED } from '../../../server/src/db/pglite.js';
import type { Queryable } from '../../../server/src/db/index.js';
import { describeEachDatabase } from '../helper.js';

// Values reach the database as bound parameters on both drivers: whatever they hold, they are
// data, never SQL, and each keeps its type (arrays, JSON, booleans, timestamps).

const HOSTILE = `it's'); DROP TABLE users; --\\ "q" é`;

async function roundTrip(q: Queryable) {
  const { rows } = await q.query<{ texts: string[]; ids: string[]; flag: boolean; doc: unknown; at: string; hostile: string; none: null }>(
    `SELECT $1::text[] AS texts, $2::bigint[]::text[] AS ids, $3::boolean AS flag, $4::jsonb AS doc,
            to_char($5::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS at, $6::text AS hostile, $7::text AS none`,
    [['a', "b'c", null, '{x,y}'], ['1', null, '9007199254740993'], false, JSON.stringify({ k: [1, 'two'] }), new Date('2024-02-29T12:34:56Z'), HOSTILE, null],
  );
  return rows[0];
}

const EXPECTED = {
  texts: ['a', "b'c", null, '{x,y}'],
  ids: ['1', null, '9007199254740993'],
  flag: false,
  doc: { k: [1, 'two'] },
  at: '2024-02-29T12:34:56',
  hostile: HOSTILE,
  none: null,
};

describeEachDatabase('bound parameters', (suite) => {
  it('arrays, JSON, booleans, dates and quotes outside a transaction', async () => {
    const app = await suite.build();
    // Twice: the first call prepares the statement, the second runs the prepared one.
    expect(await roundTrip(app.db)).toEqual(EXPECTED);
    expect(await roundTrip(app.db)).toEqual(EXPECTED);
  });

  it('the same inside a transaction', async () => {
    const app = await suite.build();
    expect(await app.db.transaction((tx) => roundTrip(tx))).toEqual(EXPECTED);
  });

  it('an array parameter in a write outside a transaction (unnest)', async () => {
    const app = await suite.build();
    await app.db.query('CREATE TABLE IF NOT EXISTS param_check (name text)');
    await app.db.query('INSERT INTO param_check SELECT * FROM unnest($1::text[])', [['x', "y'z", 'w,v']]);
    const { rows } = await app.db.query<{ name: string }>('SELECT name FROM param_check WHERE name = ANY($1::text[]) ORDER BY name', [["y'z", 'w,v']]);
    expect(rows.map((row) => row.name)).toEqual(['w,v', "y'z"]);
    await app.db.query('DROP TABLE param_check');
  });

  it('a failed statement leaves the connection usable', async () => {
    const app = await suite.build();
    await expect(app.db.query('SELECT $1::int AS n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await app.db.query<{ n: number }>('SELECT $1::int AS n', [7])).rows).toEqual([{ n: 7 }]);
  });
});

it('PGlite: more distinct statements than it keeps prepared still answer, old and new', async () => {
  const db = await openPglite('memory://');
  try {
    for (let index = 0; index <= MAX_PREPARED + 2; index += 1) {
      const { rows } = await db.query<{ n: number }>(`SELECT $1::int + ${index} AS n`, [1]);
      expect(rows[0]?.n).toBe(index + 1);
    }
    expect((await db.query<{ n: number }>('SELECT $1::int + 0 AS n', [5])).rows).toEqual([{ n: 5 }]);
  } finally {
    await db.close();
  }
});

it('the PGlite driver builds no SQL from values: no quoting helper, no EXECUTE', async () => {
  const source = await readFile(new URL('../../../server/src/db/pglite.ts', import.meta.url), 'utf8');
  expect(source).not.toMatch(/\bEXECUTE\s+\$?\{|`EXECUTE|replaceAll\("'"/);
  expect(source).not.toMatch(/export function literal/);
});
