// `npm start` builds the client (vite build, ~8 s) only when what it is built from changed
// since the last build: a SHA-256 of those files, written beside the build in dist/.build-hash
// after a build that succeeded, compared at the next start. `npm run build` (--always) builds
// and records whatever the hash says; a plain `vite build` records nothing, so the next start
// builds again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export const HASH_FILE = '.build-hash';

/**
 * What the built client is made of. src/ imports nothing outside itself and common/; node_modules stands
 * as package-lock.json; vite.config.ts runs src/shell and src/prerender at build time; Vite bakes
 * .env files' VITE_ variables in. A folder or file that does not exist counts as absent.
 */
export const CLIENT_INPUTS = [
  'src',
  'common',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
  'scripts/build-client-if-changed.mjs',
];

function filesUnder(root, entry) {
  const path = join(root, entry);
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [entry];
  return readdirSync(path).flatMap((name) => filesUnder(root, join(entry, name)));
}

/** The hash of the client's inputs under `root`, for a build in `mode`. */
export function clientInputsHash(root, mode = 'production', inputs = CLIENT_INPUTS) {
  const hash = createHash('sha256').update(`mode ${mode}\0`);
  const files = inputs.flatMap((entry) => filesUnder(root, entry)).map((file) => relative(root, join(root, file)).split('\\').join('/'));
  for (const file of [...new Set(files)].sort()) {
    const content = readFileSync(join(root, file));
    // Name and length first: moving bytes from one file to the next changes the hash.
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** Whether `outDir` holds a build of exactly these inputs; `hash` to record after building. */
export function clientBuildState(root, outDir = join(root, 'dist'), inputs = CLIENT_INPUTS) {
  const hash = clientInputsHash(root, 'production', inputs);
  if (!existsSync(join(outDir, 'index.html'))) return { build: true, reason: 'no build yet', hash };
  let recorded = null;
  try {
    recorded = readFileSync(join(outDir, HASH_FILE), 'utf8').trim();
  } catch {
    return { build: true, reason: `no ${HASH_FILE} beside the last build`, hash };
  }
  if (recorded !== hash) return { build: true, reason: 'its sources changed since the last build', hash };
  return { build: false, reason: 'unchanged since the last build', hash };
}

export function recordClientBuild(outDir, hash) {
  writeFileSync(join(outDir, HASH_FILE), `${hash}\n`);
}

async function main() {
  const always = process.argv.includes('--always');
  const root = process.cwd();
  const outDir = join(root, 'dist');
  const state = clientBuildState(root, outDir);
  if (!state.build && !always) {
    console.log(`client: ${state.reason} (dist/${HASH_FILE}), not rebuilt`);
    return;
  }
  const started = Date.now();
  if (!always) console.log(`client: ${state.reason}, building it (vite build)`);
  const { build } = await import('vite');
  // At start, Vite's warnings and errors only; `npm run build` shows its whole report.
  await build({ logLevel: always ? 'info' : 'warn' });
  recordClientBuild(outDir, state.hash);
  if (!always) console.log(`client: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
