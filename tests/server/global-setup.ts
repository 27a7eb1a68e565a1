// Runs once before the server tests. The PostgreSQL half of every suite needs a
// server to create its databases on; without one, half the coverage silently
// disappears, so say so loudly.
export default function setup(): void {
  if (process.env.TEST_DATABASE_URL) return;
  const line = '!'.repeat(78);
  console.warn(
    [
      '',
      line,
      '!!  PostgreSQL tests SKIPPED: TEST_DATABASE_URL is unset.',
      '!!  Only the in-memory PGlite half of each server suite runs.',
      '!!  To run both, point it at a server where the user may CREATE DATABASE, e.g.',
      '!!    TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server',
      line,
      '',
    ].join('\n'),
  );
}
