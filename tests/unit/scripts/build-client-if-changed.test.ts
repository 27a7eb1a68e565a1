import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuildState, clientInputsHash, recordClientBuild } from '../../../scripts/build-client-if-changed.mjs';

// `npm start` builds the client only when its inputs changed (issue 23, item 11).

let root = '';
const dist = () => path.join(root, 'dist');
const write = async (file: string, content: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
};
/** Builds as the script does after `vite build` succeeded: an index.html, then the recorded hash. */
const built = async () => {
  await write('dist/index.html', '<!doctype html>');
  recordClientBuild(dist(), clientBuildState(root).hash);
};

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'bo-client-hash-'));
  await write('src/main.tsx', 'export const a = 1;\n');
  await write('src/shell/theme.css', 'body { color: red }\n');
  await write('index.html', '<script type="module" src="/src/main.tsx"></script>\n');
  await write('vite.config.ts', 'export default {};\n');
  await write('package.json', '{}\n');
  await write('package-lock.json', '{"lockfileVersion":3}\n');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('client build hash', () => {
  it('builds when there is no build, or no hash beside it, and not again when nothing changed', async () => {
    expect(clientBuildState(root)).toMatchObject({ build: true, reason: 'no build yet' });
    await write('dist/index.html', '<!doctype html>');
    expect(clientBuildState(root)).toMatchObject({ build: true, reason: 'no .build-hash beside the last build' });
    await built();
    expect(clientBuildState(root)).toMatchObject({ build: false });
    // A touched file with the same bytes is not a change.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'src/main.tsx'), later, later);
    expect(clientBuildState(root).build).toBe(false);
  });

  it.each([
    ['a source file changes', () => write('src/shell/theme.css', 'body { color: blue }\n')],
    ['a source file is added', () => write('src/pages/new-page.tsx', 'export {};\n')],
    ['a file of common/ (shared with the server) appears', () => write('common/resources/new-resource.ts', 'export {};\n')],
    ['a source file is removed', () => rm(path.join(root, 'src/shell/theme.css'))],
    ['index.html changes', () => write('index.html', '<script type="module" src="/src/main.tsx" async></script>\n')],
    ['the Vite configuration changes', () => write('vite.config.ts', 'export default { base: "./" };\n')],
    ['the locked dependencies change', () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}\n')],
    ['a public file appears', () => write('public/robots.txt', 'User-agent: *\n')],
    ['an .env file appears', () => write('.env.production', 'VITE_FLAG=1\n')],
  ])('builds again when %s', async (_what, change) => {
    await built();
    await change();
    expect(clientBuildState(root)).toMatchObject({ build: true, reason: 'its sources changed since the last build' });
  });

  it('builds again when the build is gone, and when bytes move from one file to the next', async () => {
    await built();
    await rm(path.join(root, 'dist/index.html'));
    expect(clientBuildState(root).build).toBe(true);

    await write('src/a.ts', 'ab');
    await write('src/b.ts', 'c');
    const before = clientInputsHash(root);
    await write('src/a.ts', 'a');
    await write('src/b.ts', 'bc');
    expect(clientInputsHash(root)).not.toBe(before);
  });

  it('ignores what the build does not read (tests, the server, the build itself)', async () => {
    await built();
    await write('tests/unit/x.test.ts', 'export {};\n');
    await write('server/src/app.ts', 'export {};\n');
    await write('dist/assets/extra.js', '');
    expect(clientBuildState(root).build).toBe(false);
  });
});

describe("the project's client", () => {
  // The inputs list names src/ and not the folders beside it: true while src/ imports nothing outside itself.
  // The hash covers src/ and common/ (CLIENT_INPUTS): an import from anywhere else would be a
  // change the next start does not see.
  it('imports nothing from outside src/ and common/', async () => {
    const src = path.resolve('src');
    const common = path.resolve('common');
    const files = (await readdir(src, { recursive: true })).filter((file) => /\.(ts|tsx|css)$/.test(file));
    expect(files.length).toBeGreaterThan(100);
    const outside: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(src, file), 'utf8');
      for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)) {
        const target = path.resolve(src, path.dirname(file), match[1] as string);
        if (!target.startsWith(src + path.sep) && !target.startsWith(common + path.sep)) outside.push(`${file}: ${match[1]}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
