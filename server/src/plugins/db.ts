import fp from 'fastify-plugin';
import { openDb, type Db } from '../db/index.js';
import { isMigrated, migrate, readMigrations } from '../db/migrate.js';

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
    fastify.decorate('db', db);
    fastify.decorate('dbHealthy', () => isMigrated(db, latest).catch(() => false));
  },
  { name: 'db', decorators: { fastify: ['env'] } },
);
