import fp from 'fastify-plugin';
import { openDb, type Db } from '../../db/index.js';
import { isMigrated, migrate, readMigrations } from '../../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** True once the database answers and holds every migration: what /health reports. */
    dbHealthy(): Promise<boolean>;
  }
}

export interface DbPluginOptions {
  /** A database shared with the caller (tests): migrated here but left open on close. */
  db?: Db;
}

export default fp<DbPluginOptions>(
  async (fastify, options) => {
    const { DATABASE_URL, DATA_DIR } = fastify.env;
    const db =
      options.db ?? (await openDb(DATABASE_URL, DATA_DIR, (error) => fastify.log.error({ err: error }, 'idle database connection failed')));
    if (!options.db) fastify.addHook('onClose', () => db.close());

    const migrations = await readMigrations();
    const applied = await migrate(db, migrations);
    fastify.log.info({ database: db.kind, applied }, applied.length > 0 ? 'migrations applied' : 'database up to date');

    const latest = migrations.at(-1)?.version ?? 0;
    let lastFound = true;
    fastify.decorate('db', db);
    fastify.decorate('dbHealthy', async () => {
      // PGlite has one connection: while a transaction (a 50 000-row import) holds it, the
      // database is evidently reachable, and migrations only run at start, so the last check
      // stands instead of the health check queueing behind the transaction.
      if (db.held) return lastFound;
      lastFound = await isMigrated(db, latest).catch(() => false);
      return lastFound;
    });
  },
  { name: 'db', decorators: { fastify: ['env'] } },
);
