// Browser tests drive Debian's Chromium through playwright-core; no browser is
// downloaded by npm. A fresh machine lacks it, so install it here (root + apt)
// instead of relying on something installed by hand.
import { existsSync } from 'node:fs';
import { aptInstall, canAptInstall } from './apt-install.mjs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(path)) process.exit(0);

if (!canAptInstall()) {
  console.error(
    `Chromium is missing at ${path} and cannot be installed automatically here.\n` +
      'Install Debian\'s "chromium" package (or set CHROMIUM_PATH) and run the tests again.',
  );
  process.exit(1);
}

console.log(`Chromium not found at ${path}: installing Debian's chromium package...`);
aptInstall(['chromium']);
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
