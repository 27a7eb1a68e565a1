import pg from 'pg';

/** Runs `run` on a new database beside `baseUrl`'s, dropped afterwards. */
export async function withScratchDatabase<T>(baseUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `bo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
