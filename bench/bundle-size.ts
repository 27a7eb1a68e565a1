import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// JavaScript the browser downloads for the login route, against the whole app,
// read from dist/ after `vite build` (build.manifest is on). The login route is
// the entry with its static imports plus the dynamic entries it loads: the
// login page. tests/e2e/shell-lean.test.ts checks in Chromium that this is
// exactly what the page fetches. Target: login route <= 300 KiB gzip.

export const DIST_DIR = join(process.cwd(), 'dist');

/** Source modules the login route imports dynamically (src/app.tsx). */
export const LOGIN_ROUTE_DYNAMIC_ENTRIES = ['src/pages/auth/login-page.tsx'];

export const LOGIN_ROUTE_TARGET_KIB = 300;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist = DIST_DIR): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically (what the browser fetches with it). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Files (JS and CSS, relative to dist/) the login route loads. */
export function loginRouteFiles(manifest: Manifest = readManifest()): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('dist/.vite/manifest.json has no entry: run `npx vite build` first');
  const files = staticClosure(manifest, entry);
  for (const source of LOGIN_ROUTE_DYNAMIC_ENTRIES) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
    staticClosure(manifest, source, files);
  }
  return [...files].sort();
}

const gzipSize = (dist: string, file: string): number => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

export function allScriptFiles(dist = DIST_DIR): string[] {
  return readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
    .sort();
}

export interface BundleSizes {
  loginFiles: string[];
  loginKiB: number;
  allKiB: number;
  largest: { file: string; kib: number }[];
}

export function measureBundle(dist = DIST_DIR): BundleSizes {
  const loginFiles = loginRouteFiles(readManifest(dist));
  const kib = (files: string[]) => files.reduce((sum, file) => sum + gzipSize(dist, file), 0) / 1024;
  const loginScripts = loginFiles.filter((file) => file.endsWith('.js'));
  return {
    loginFiles,
    loginKiB: kib(loginScripts),
    allKiB: kib(allScriptFiles(dist)),
    largest: loginScripts
      .map((file) => ({ file, kib: gzipSize(dist, file) / 1024 }))
      .sort((a, b) => b.kib - a.kib)
      .slice(0, 6),
  };
}

export function benchBundleSize(dist = DIST_DIR): void {
  const sizes = measureBundle(dist);
  console.log('\nBundle (gzip -9 of dist/assets/*.js, from the Vite manifest)');
  console.log(
    `  login route JS: ${sizes.loginKiB.toFixed(1)} KiB in ${sizes.loginFiles.length} files ` +
      `(target <= ${LOGIN_ROUTE_TARGET_KIB} KiB: ${sizes.loginKiB <= LOGIN_ROUTE_TARGET_KIB ? 'met' : 'NOT met'})`,
  );
  for (const { file, kib } of sizes.largest) console.log(`    ${kib.toFixed(1).padStart(6)} KiB  ${file}`);
  console.log(`  whole app JS:   ${sizes.allKiB.toFixed(1)} KiB (every chunk, the sealing worker included)`);
}
