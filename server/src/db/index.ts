import path from 'node:path';
import type { Db } from './types.js';

export type { CopyValue, Db, Queryable } from './types.js';

/**
 * PostgreSQL when given a postgres:// URL; PGlite otherwise, in memory or in `dataDir`.
 * Each driver is loaded only when used: PGlite's module alone is some 40 MB of a process.
 */
export async function openDb(
  databaseUrl: string | undefined,
  dataDir: string,
  onIdleError: (error: Error) => void = () => {},
): Promise<Db> {
  if (databaseUrl && !databaseUrl.startsWith('memory://')) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(databaseUrl, onIdleError);
  }
  const { openPglite } = await import('./pglite.js');
  return openPglite(databaseUrl ? 'memory://' : path.resolve(dataDir, 'pglite'));
}
