// Prints how much of the app the generic framework serves (issue 25's "Must show"): the
// resources whose list is the generic list, those still on a page of their own, and the lines
// of the areas' own page code (src/pages/<area>: named cells, panels and editors included).
// Run: npx tsx scripts/count-generic.ts   (or: npm run count:generic)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCES } from '../common/resources/registry';
import { listPage } from '../common/resources/list-page';

const root = fileURLToPath(new URL('..', import.meta.url));
const AREA_FOLDERS = ['kyc', 'finview', 'announcements', 'news', 'admin'];

function areaFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? areaFiles(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const linesOf = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length - 1, 0);

const withList = RESOURCES.filter((definition) => listPage(definition) !== undefined);
const generic = withList.filter((definition) => listPage(definition) === 'generic');
const custom = withList.filter((definition) => listPage(definition) !== 'generic');
const lines = Object.fromEntries(AREA_FOLDERS.map((area) => [area, linesOf(areaFiles(join(root, 'src/pages', area)))]));
const totalLines = Object.values(lines).reduce((sum, count) => sum + count, 0);

// What the areas' lines are: route pages (the `page:` keys in src/registry/route-tree.tsx's
// CUSTOM_PAGES: editors and one-form screens) or named pieces (cells, panels, row actions,
// editors the generic pages load by name from src/registry). A file reached from both counts as
// a route page's. Found by following the import statements from each registry line.
const areaRoots = AREA_FOLDERS.map((area) => join(root, 'src/pages', area));
const inAreas = (file: string) => areaRoots.some((folder) => file.startsWith(`${folder}/`));
const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

function importsOf(file: string, source = readFileSync(file, 'utf8')): string[] {
  return [...source.matchAll(IMPORT)].flatMap((match) => resolveImport(file, match[1] as string) ?? []);
}

/** The area files reached from `starts`, through area files only. */
function reached(starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = starts.filter(inAreas);
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file).filter(inAreas));
  }
  return seen;
}

const routeTree = join(root, 'src/registry/route-tree.tsx');
const routeSource = readFileSync(routeTree, 'utf8');
const customPages = routeSource.slice(routeSource.indexOf('CUSTOM_PAGES'));
const pageFiles = reached(importsOf(routeTree, customPages.slice(0, customPages.indexOf('\n};'))));
const registryFolder = join(root, 'src/registry');
const pieceFiles = reached(
  readdirSync(registryFolder)
    .filter((name) => /\.(ts|tsx)$/.test(name) && name !== 'route-tree.tsx')
    .flatMap((name) => importsOf(join(registryFolder, name))),
);
const pieceOnly = [...pieceFiles].filter((file) => !pageFiles.has(file));
const rest = totalLines - linesOf(pageFiles) - linesOf(pieceOnly);
const biggestPages = [...pageFiles]
  .map((file) => ({ file: relative(root, file), lines: linesOf([file]) }))
  .sort((a, b) => b.lines - a.lines)
  .slice(0, 6);

const forms = RESOURCES.filter((definition) => definition.shape === 'form');
console.log(`resources with a list: ${withList.length} of ${RESOURCES.length} (the others are one form each: ${forms.map((definition) => definition.name).join(', ')})`);
console.log(`  on the generic list: ${generic.length} (${generic.map((definition) => definition.name).join(', ')})`);
console.log(`  on a page of their own: ${custom.length} (${custom.map((definition) => `${definition.name} → ${listPage(definition)}`).join(', ')})`);
console.log(`custom page code: ${totalLines} lines (${AREA_FOLDERS.map((area) => `${area} ${lines[area]}`).join(', ')})`);
console.log(`  route pages (CUSTOM_PAGES in src/registry/route-tree.tsx: editors and forms) and what they import: ${linesOf(pageFiles)} lines; largest: ${biggestPages.map(({ file, lines: count }) => `${file} ${count}`).join(', ')}`);
console.log(`  named pieces only the generic pages load, by name (cells, panels, row actions, editors in src/registry): ${linesOf(pieceOnly)} lines`);
console.log(`  neither (unused by any registry line): ${rest} lines`);
// --neither: the files no registry line reaches (dead code, or a piece not registered yet).
if (process.argv.includes('--neither')) {
  for (const file of areaRoots.flatMap(areaFiles)) if (!pageFiles.has(file) && !pieceFiles.has(file)) console.log(`    ${relative(root, file)}`);
}
