import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';

// The UI service (server/) listens here in development and in production.
const UI_SERVICE = 'http://localhost:8080';

/**
 * The page most visits start on is the login page (sessions live in
 * sessionStorage, so every new tab starts logged out). Its chunk is a dynamic
 * import the entry only reaches once it has run; a modulepreload of it and of
 * its imports in index.html fetches them beside the entry instead. Logged-in
 * loads fetch them too, but they are mostly antd chunks the app uses anyway.
 */
function preloadFirstScreen(source: string): Plugin {
  let base = './';
  return {
    name: 'preload-first-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
        );
        const page = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(source));
        if (!page) throw new Error(`preload-first-screen: no chunk is built from ${source}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
        };
        visit(page.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' }));
      },
    },
  };
}

/**
 * Writes file.br and file.gz beside every text file of the build, at the
 * highest levels: the server sends them as they are (@fastify/static
 * preCompressed) instead of compressing each answer at a low level, so the
 * first load is about 15 % smaller and the server spends no CPU on it.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const worthIt = /\.(js|css|html|json|svg|txt)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir).filter((path) => worthIt.test(path) && !path.includes('/.vite/'))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The script that paints the stored theme before the app loads is written from
 * src/shell (palette, preferences) into index.html, inline: a file of its own
 * was a request every first paint waited for. The server allows it by its hash
 * (server/src/plugins/external/helmet.ts reads the built index.html). Loaded
 * through tsx rather than imported: Vite's config loader wants no extensionless imports.
 */
function inlineBootScript(): Plugin {
  const PLACEHOLDER = '<script data-boot-script></script>';
  return {
    name: 'boot-script',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`boot-script: index.html has no ${PLACEHOLDER}`);
        const module = (await tsImport('./src/shell/boot-script.ts', import.meta.url)) as typeof import('./src/shell/boot-script');
        return html.replace(PLACEHOLDER, `<script>${module.bootScript()}</script>`);
      },
    },
  };
}

/**
 * index.html carries a drawing of the login page (src/prerender): most visits start there,
 * and the first paint then needs the page alone, not 190 KiB of scripts. The build also
 * writes the page without it, which the server sends when the configuration's defaults give
 * another look than the drawing's (server/src/modules/web/spa.ts).
 */
function prerenderLoginPage(): Plugin {
  let outDir = 'dist';
  const indexHtml = () => tsImport('./src/prerender/index-html.ts', import.meta.url) as Promise<typeof import('./src/prerender/index-html')>;
  return {
    name: 'prerender-login-page',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const markup = (await tsImport('./src/prerender/login-markup.tsx', import.meta.url)) as typeof import('./src/prerender/login-markup');
        const { withDeferredEntry, withDrawing } = await indexHtml();
        return withDeferredEntry(withDrawing(html, markup.loginMarkup()));
      },
    },
    async writeBundle() {
      const { PLAIN_INDEX, withoutDrawing } = await indexHtml();
      writeFileSync(join(outDir, PLAIN_INDEX), withoutDrawing(readFileSync(join(outDir, 'index.html'), 'utf8')));
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build started from a test run inherits NODE_ENV=test (tests/e2e/global-setup.ts
  // spawns `vite build` from Vitest), which Vite honours: React's development
  // build, antd's dev-only class names and rc-util's fixed 'test-id' ids, so
  // every radio group shared one name. A production-mode build is always that.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';

  return {
    // Relative asset URLs in the build, so one dist/ works under any /{product}/ path.
    // The dev server cannot serve a relative base; it mounts the app where the
    // default product lives, so ./app-config.json resolves to the proxied path.
    base: command === 'build' ? './' : '/backoffice/',
    plugins: [react(), inlineBootScript(), preloadFirstScreen('src/pages/auth/login-page.tsx'), prerenderLoginPage(), precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // bench/bundle-size.ts follows the login route's imports through it.
      manifest: true,
      // The vendor chunk below is one file on purpose.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // Few files for the first load: the server speaks HTTP/1.1, so the
          // browser fetches six files at a time and every further round costs a
          // round trip (150 ms on Lighthouse's mobile profile). What the entry
          // imports from node_modules (React, antd's core, i18next, the router,
          // toasts) is one chunk; antd's input and button are another, which the
          // app's forms share; antd's Form a third. The login page does without
          // both (src/pages/auth/plain-form.tsx, plain-input.tsx): input brings its
          // form context (rc-field-form, async-validator). Its two eye icons are
          // a group of their own, or input's group would take them as Input.Password's.
          // Not Select: the login page has none, and it was a tenth of the route.
          codeSplitting: {
            groups: [
              { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 2 },
              { name: 'eye-icons', test: /node_modules[\\/]@ant-design[\\/]icons[\\/].*[\\/]Eye(Invisible)?Outlined\.js$/, priority: 1 },
              { name: 'antd-inputs', test: /node_modules[\\/]antd[\\/]es[\\/](input|button)[\\/]index\.js$/, priority: 1 },
              { name: 'antd-forms', test: /node_modules[\\/]antd[\\/]es[\\/]form[\\/]index\.js$/, priority: 1 },
              // What the pages behind the login draw with (the resource icons, src/components' page
              // header and status tag, antd's Typography and Tag they use) is one chunk of the shell:
              // apart, the two small components were chunks that most pages fetched for a few hundred
              // bytes each, beside the five small chunks the shell loaded the rest as.
              { name: 'page-parts', test: /src[\\/](shell[\\/]icons|components[\\/](page-header|status-tag))\.tsx$/, priority: 1 },
            ],
          },
        },
      },
    },
    // The forge sealer runs in a module worker (src/protocol/worker-sealer.ts).
    worker: { format: 'es' },
    server: {
      proxy: {
        '/backoffice/api': { target: UI_SERVICE },
        '/backoffice/app-config.json': { target: UI_SERVICE },
      },
    },
  };
});
