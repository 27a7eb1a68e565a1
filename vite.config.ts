import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The UI service (server/) listens here in development and in production.
const UI_SERVICE = 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  // Relative asset URLs in the build, so one dist/ works under any /{product}/ path.
  // The dev server cannot serve a relative base; it mounts the app where the
  // default product lives, so ./app-config.json resolves to the proxied path.
  base: command === 'build' ? './' : '/backoffice/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  // The forge sealer runs in a module worker (src/protocol/worker-sealer.ts).
  worker: { format: 'es' },
  server: {
    proxy: {
      '/backoffice/api': { target: UI_SERVICE },
      '/backoffice/app-config.json': { target: UI_SERVICE },
    },
  },
}));
