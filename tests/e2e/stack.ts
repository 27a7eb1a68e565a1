import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/src/app';

export interface Stack {
  /** The SPA's URL, e.g. http://127.0.0.1:41234/backoffice/ */
  appUrl: string;
  close(): Promise<void>;
}

/** The real server on loopback, serving the built app, on a fresh PGlite database. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-e2e-'));
  const server = await startServer({
    logger: false,
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // A smaller key keeps start-up short; the protocol is the same.
      RSA_BITS: '2048',
      DEMO_DATA: 'true',
      ...env,
    },
  });
  return {
    appUrl: server.url,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
