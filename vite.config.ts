import react from '@vitejs/plugin-react';
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
    plugins: [react(), preloadFirstScreen('src/pages/auth/login-page.tsx')],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // bench/bundle-size.ts follows the login route's imports through it.
      manifest: true,
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
