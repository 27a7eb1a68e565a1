import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret generated on the first start into `dataDir/fileName` (0600) when its variable is
 * unset: a file, not a row, so a dump or backup of the database alone opens nothing.
 * Holds 32 random bytes, base64url. Instances that do not share DATA_DIR must set `variable`.
 */
export async function generatedSecret(dataDir: string, fileName: string, variable: string): Promise<string> {
  const file = path.resolve(dataDir, fileName);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // 'wx': of instances starting together on one DATA_DIR, the first writes and all read it back.
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const secret = (await readFile(file, 'utf8')).trim();
    if (secret) return secret;
    // Another instance created it a moment ago and is still writing.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${file} is empty: remove it or set ${variable}`);
}
