import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// JavaScript the browser downloads for the login route, against the whole app,
// read from dist/ after `vite build` (build.manifest is on). The login route is
// the entry with its static imports plus the dynamic entries it loads: the
// login page. tests/e2e/shell-frame.test.ts checks in Chromium that this is
// exactly what the page fetches. Targets: login route <= 200 KiB gzip, whole
// app <= 700 KiB gzip.

export const DIST_DIR = join(process.cwd(), 'dist');

/** Source modules the login route imports dynamically (src/app.tsx). */
export const LOGIN_ROUTE_DYNAMIC_ENTRIES = ['src/pages/auth/login-page.tsx'];

export const LOGIN_ROUTE_TARGET_KIB = 200;
export const WHOLE_APP_TARGET_KIB = 700;

/** What every page behind the login loads before its own chunk (src/private-app.tsx). */
const PRIVATE_SHELL_ENTRIES = ['src/private-app.tsx', 'src/shell/shell-layout.tsx'];
const PUBLIC_PAGES = /^src\/pages\/auth\//;
const PAGE_SOURCE = /^src\/pages\/.+-page\.tsx$/;

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

function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('dist/.vite/manifest.json has no entry: run `npx vite build` first');
  return entry;
}

/** Files (JS and CSS, relative to dist/) the login route loads. */
export function loginRouteFiles(manifest: Manifest = readManifest()): string[] {
  const files = staticClosure(manifest, entryKey(manifest));
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

export interface RouteSize {
  /** The page's source module. */
  page: string;
  /** Every script the page's first screen loads, the entry's included. */
  kib: number;
  /** What the page adds to the entry (public pages) or to the entry and the shell (the rest). */
  ownKiB: number;
}

/**
 * Per page: the scripts its first screen loads, from the entry through the page's
 * chunk and their static imports (a page's own lazy parts, an editor or a worker,
 * come later and are not counted).
 */
export function routeSizes(dist = DIST_DIR): RouteSize[] {
  const manifest = readManifest(dist);
  const scripts = (files: Set<string>) => [...files].filter((file) => file.endsWith('.js'));
  const kib = (files: string[]) => files.reduce((sum, file) => sum + gzipSize(dist, file), 0) / 1024;
  const base = staticClosure(manifest, entryKey(manifest));
  const shell = new Set(base);
  for (const source of PRIVATE_SHELL_ENTRIES) staticClosure(manifest, source, shell);
  return Object.keys(manifest)
    .filter((source) => PAGE_SOURCE.test(source))
    .sort()
    .map((page) => {
      const before = PUBLIC_PAGES.test(page) ? base : shell;
      const files = staticClosure(manifest, page, new Set(before));
      const own = scripts(files).filter((file) => !before.has(file));
      return { page, kib: kib(scripts(files)), ownKiB: kib(own) };
    });
}

export interface BundleSizes {
  loginFiles: string[];
  loginKiB: number;
  allKiB: number;
  largest: { file: string; kib: number }[];
  routes: RouteSize[];
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
    routes: routeSizes(dist),
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
  // The page itself carries the drawing of the login page and its CSS (src/prerender).
  console.log(`  index.html:     ${(gzipSize(dist, 'index.html') / 1024).toFixed(1)} KiB (with the drawing of the login page)`);
  console.log(
    `  whole app JS:   ${sizes.allKiB.toFixed(1)} KiB (every chunk, the sealing and Excel workers included; ` +
      `target <= ${WHOLE_APP_TARGET_KIB} KiB: ${sizes.allKiB <= WHOLE_APP_TARGET_KIB ? 'met' : 'NOT met'})`,
  );
  console.log('\n  | route (page module) | first screen KiB | of which its own |');
  console.log('  |---|---|---|');
  for (const { page, kib, ownKiB } of sizes.routes) {
    console.log(`  | ${page.replace(/^src\/pages\//, '')} | ${kib.toFixed(1)} | ${ownKiB.toFixed(1)} |`);
  }
}
