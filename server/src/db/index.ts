import path from 'node:path';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Db } from './types.js';

export type { Db, Queryable } from './types.js';

/** PostgreSQL when given a postgres:// URL; PGlite otherwise, in memory or in `dataDir`. */
export function openDb(
  databaseUrl: string | undefined,
  dataDir: string,
  onIdleError: (error: Error) => void = () => {},
): Promise<Db> {
  if (databaseUrl?.startsWith('memory://')) return openPglite('memory://');
  if (databaseUrl) return openPostgres(databaseUrl, onIdleError);
  return openPglite(path.resolve(dataDir, 'pglite'));
}
