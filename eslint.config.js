import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Boundaries are linted so the layout in README "Layout" survives growth: common/ (what
// both sides share) imports nothing else, the server imports only common/, pages reach
// providers only through their public hooks, an area's pages import no other area's,
// generic pages no area (tests/unit/lint/boundaries.test.ts plants one of each).

// The page folders of the areas in common/resources/areas.ts.
const AREA_PAGES = ['admin', 'announcements', 'finview', 'kyc', 'news'];

const zones = [
  {
    target: './common',
    from: ['./src', './server', './tests', './bench', './scripts'],
    message: 'common/ is shared by the app and the server: it imports nothing outside common/.',
  },
  { target: './server', from: './src', message: 'The server imports only common/ (and itself), never the app in src/.' },
  {
    target: './src/pages',
    from: './src/providers',
    except: ['./index.ts', './public.ts', './hooks'],
    message: 'Pages use providers through src/providers/index.ts (public pages: public.ts).',
  },
  {
    target: './src/pages/auth',
    from: './src/providers/index.ts',
    message: 'Public pages use src/providers/public.ts: index.ts pulls Refine into the login route.',
  },
  // An area's pages stand alone: what two areas share lives in src/components (or src/pages/generic).
  ...AREA_PAGES.map((area) => ({
    target: `./src/pages/${area}`,
    from: AREA_PAGES.filter((other) => other !== area).map((other) => `./src/pages/${other}`),
    message: `The ${area} pages import no other area's pages: move what they share to src/components.`,
  })),
  {
    target: './src/pages/generic',
    from: AREA_PAGES.map((area) => `./src/pages/${area}`),
    message: 'Generic pages import no area: an area reaches them through the resource registry.',
  },
];

export default tseslint.config(
  { ignores: ['.tmp/**', 'dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    // The server (NodeNext) writes './foo.js' for foo.ts: without the alias the zones never see its imports.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,server,tests}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A multipart body is read only through the upload guard (README "Uploads: one guard").
    files: ['server/**/*.ts'],
    ignores: ['server/src/lib/upload-guard/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@fastify/multipart', message: 'Read a form with readUpload (lib/upload-guard) and declare it in the route config (config.upload).' }],
          patterns: [{ group: ['**/upload-guard/parts*', '**/upload-guard/settle*'], message: 'Use the upload guard through its index.ts (readUpload).' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(request|req)$/][callee.property.name=/^(parts|file|files|saveRequestFiles)$/]",
          message: 'Read a form with readUpload (lib/upload-guard) and declare it in the route config (config.upload).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
