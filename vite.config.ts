import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The UI service (server/) listens here in development and in production.
const UI_SERVICE = 'http://localhost:8080';

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
    plugins: [react()],
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
