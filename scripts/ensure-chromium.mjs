// Browser tests drive Debian's Chromium through playwright-core; no browser is
// downloaded by npm. A fresh machine lacks it, so install it here (root + apt)
// instead of relying on something installed by hand.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(
    `Chromium is missing at ${path} and cannot be installed automatically here.\n` +
      'Install Debian\'s "chromium" package (or set CHROMIUM_PATH) and run the tests again.',
  );
  process.exit(1);
}

console.log(`Chromium not found at ${path}: installing Debian's chromium package...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
