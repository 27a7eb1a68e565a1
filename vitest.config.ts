import { defineConfig } from 'vitest/config';

// Three projects so each kind of test gets the environment and time it needs:
// unit tests are fast and isolated, server tests talk to real databases, and
// browser tests drive Chromium against a real server on loopback.
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // Refine's packages must share the app's ES build of react-router;
          // externalised, they would get its CommonJS build and a second router context.
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Transformed like the app's code, so its import() of a module folder's index.ts
          // goes through vitest's loader (node's own does not read TypeScript).
          server: { deps: { inline: ['@fastify/autoload'] } },
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/server/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The servers run in this process: as for the server project.
          server: { deps: { inline: ['@fastify/autoload'] } },
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One browser at a time: two cores cannot run several Chromium
          // instances and the server without timing out.
          fileParallelism: false,
        },
      },
    ],
  },
});
