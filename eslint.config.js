import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Boundaries are linted so the architecture in STYLE.md survives growth:
// config is pure data, the server sees only config/resources data/protocol,
// and pages reach providers only through their public hooks.
const zones = [
  { target: './src/config', from: './src', except: ['./config'], message: 'src/config imports nothing from the app.' },
  {
    target: './server',
    from: './src',
    except: ['./config', './resources', './protocol'],
    message: 'The server may import only src/config, src/resources data and src/protocol.',
  },
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
  { target: './src/protocol', from: ['./src/pages', './src/providers', './src/shell'], message: 'The protocol is shared with the server: no app imports.' },
];

export default tseslint.config(
  { ignores: ['.tmp/**', 'dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
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
    ignores: ['server/src/services/upload-guard/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@fastify/multipart', message: 'Read a form with readUpload (services/upload-guard) and declare it in the route config (config.upload).' }],
          patterns: [{ group: ['**/upload-guard/parts*', '**/upload-guard/settle*'], message: 'Use the upload guard through its index.ts (readUpload).' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(request|req)$/][callee.property.name=/^(parts|file|files|saveRequestFiles)$/]",
          message: 'Read a form with readUpload (services/upload-guard) and declare it in the route config (config.upload).',
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
