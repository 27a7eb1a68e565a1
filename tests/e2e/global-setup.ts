import { execFileSync } from 'node:child_process';

// Browser tests need the real built app and a real Chromium: build once per
// run (so tests never see a stale dist/) and install Chromium when absent.
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/ensure-chromium.mjs'], { stdio: 'inherit' });
  if (process.env.E2E_SKIP_BUILD === '1') {
    console.warn('E2E_SKIP_BUILD=1: using the existing dist/ without rebuilding it.');
    return;
  }
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
