import { readFile, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../common/config/schema.js';
import { checkAppConfig } from '../../../common/config/validate.js';

export class AppConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid app configuration ${file}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'AppConfigError';
  }
}

// Size too: an editor can rewrite a file twice within the clock's resolution.
async function stampOf(file: string): Promise<string> {
  const { mtimeMs, size } = await stat(file);
  return `${mtimeMs}:${size}`;
}

async function readConfig(file: string): Promise<AppConfig> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new AppConfigError(file, [`/ ${(error as Error).message}`]);
  }
  const check = checkAppConfig(value);
  if (!check.ok) throw new AppConfigError(file, check.problems);
  return check.config;
}

export interface AppConfigStore {
  /** The newest valid configuration; re-read when the file's modification time changed. */
  current(): Promise<AppConfig>;
}

/**
 * Admins edit the file while the server runs: a reload of the page must show the
 * change without a restart, and a broken edit must not take the app down.
 */
export async function openAppConfigStore(file: string, log: FastifyBaseLogger): Promise<AppConfigStore> {
  let stamp = await stampOf(file).catch(() => '');
  let config = await readConfig(file);
  let reading: Promise<AppConfig> | null = null;

  async function refresh(): Promise<AppConfig> {
    let current: string;
    try {
      current = await stampOf(file);
    } catch (error) {
      log.error({ err: error, file }, 'app configuration unreadable; keeping the last good one');
      return config;
    }
    if (current === stamp) return config;
    try {
      config = await readConfig(file);
      log.info({ file }, 'app configuration reloaded');
    } catch (error) {
      log.error({ problems: (error as AppConfigError).problems, file }, 'app configuration invalid; keeping the last good one');
    }
    // Recorded either way: a broken file is reported once, not on every request.
    stamp = current;
    return config;
  }

  return {
    current() {
      // Requests arriving together share one stat and one read.
      reading ??= refresh().finally(() => {
        reading = null;
      });
      return reading;
    },
  };
}
