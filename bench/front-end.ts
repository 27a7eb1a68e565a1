import { execFileSync } from 'node:child_process';
import { benchBundleSize } from './bundle-size';
import { benchLighthouse } from './lighthouse';

/** Builds dist/ as `npm start` does, then prints the bundle sizes and the Lighthouse scores of the login page. */
export async function benchFrontEnd(): Promise<void> {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  benchBundleSize();
  await benchLighthouse();
}
