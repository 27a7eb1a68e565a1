import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { startServer } from '../../server/src/app';
import type { AppConfig } from '../../common/config/schema';

export interface Stack {
  /** The SPA's URL, e.g. http://127.0.0.1:41234/backoffice/ */
  appUrl: string;
  /** The folder of the built app this server serves. */
  staticDir: string;
  /** The server's DATA_DIR (its outbox holds the mails it sent). */
  dataDir: string;
  /** SQL on the server's database, beside it. */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** The listening HTTP server (tests watch the requests it receives). */
  server: Server;
  close(): Promise<void>;
}

export interface StackOptions {
  /**
   * Serve a private copy of dist/: a `vite build` elsewhere during the run (another
   * terminal, another suite) empties dist/ and would pull the files from under the page.
   */
  privateDist?: boolean;
}

/** The real server on loopback, serving the built app, on a fresh PGlite database. */
export async function startStack(env: Record<string, string> = {}, options: StackOptions = {}): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-e2e-'));
  if (options.privateDist) cpSync('dist', join(dataDir, 'dist'), { recursive: true });
  const server = await startServer({
    logger: false,
    // As `npm start` runs it (server/src/server.ts): with the job queue, so finview renders.
    jobs: {},
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // A smaller key keeps start-up short; the protocol is the same.
      RSA_BITS: '2048',
      DEMO_DATA: 'true',
      ...(options.privateDist ? { STATIC_DIR: join(dataDir, 'dist') } : {}),
      ...env,
    },
  });
  return {
    appUrl: server.url,
    staticDir: server.app.env.STATIC_DIR,
    dataDir,
    sql: async <T,>(query: string, params: unknown[] = []) => (await server.app.db.query<T>(query, params)).rows,
    server: server.app.server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The shipped config/app.json as `change` makes it, written to dir/app.json for APP_CONFIG; returns its path. */
export function writeAppConfig(dir: string, change: (shipped: AppConfig) => AppConfig): string {
  const path = join(dir, 'app.json');
  writeFileSync(path, JSON.stringify(change(JSON.parse(readFileSync('config/app.json', 'utf8')) as AppConfig), null, 2));
  return path;
}
