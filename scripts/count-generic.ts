// Prints how much of the app the generic framework serves (issue 25's "Must show"): the
// resources whose list is the generic list, those still on a page of their own, and the lines
// of the areas' own page code (src/pages/<area>: named cells, panels and editors included).
// Run: npx tsx scripts/count-generic.ts   (or: npm run count:generic)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCES } from '../common/resources/registry';
import { listPage } from '../common/resources/list-page';

const root = fileURLToPath(new URL('..', import.meta.url));
const AREA_FOLDERS = ['kyc', 'finview', 'announcements', 'news', 'admin'];

function linesUnder(folder: string): number {
  let total = 0;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) total += linesUnder(path);
    else if (/\.(ts|tsx)$/.test(name)) total += readFileSync(path, 'utf8').split('\n').length - 1;
  }
  return total;
}

const withList = RESOURCES.filter((definition) => listPage(definition) !== undefined);
const generic = withList.filter((definition) => listPage(definition) === 'generic');
const custom = withList.filter((definition) => listPage(definition) !== 'generic');
const lines = Object.fromEntries(AREA_FOLDERS.map((area) => [area, linesUnder(join(root, 'src/pages', area))]));
const totalLines = Object.values(lines).reduce((sum, count) => sum + count, 0);

const forms = RESOURCES.filter((definition) => definition.shape === 'form');
console.log(`resources with a list: ${withList.length} of ${RESOURCES.length} (the others are one form each: ${forms.map((definition) => definition.name).join(', ')})`);
console.log(`  on the generic list: ${generic.length} (${generic.map((definition) => definition.name).join(', ')})`);
console.log(`  on a page of their own: ${custom.length} (${custom.map((definition) => `${definition.name} → ${listPage(definition)}`).join(', ')})`);
console.log(`custom page code: ${totalLines} lines (${AREA_FOLDERS.map((area) => `${area} ${lines[area]}`).join(', ')})`);
