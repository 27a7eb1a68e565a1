// The export tests open the exported .xlsx with another library, Python's openpyxl, and check
// its cells' types: Debian's python3-openpyxl for Debian's own /usr/bin/python3 (not a
// python3 earlier on PATH), installed here when missing and we are root, as ffmpeg is.
import { execFileSync } from 'node:child_process';
import { aptInstall, canAptInstall } from './apt-install.mjs';

const PYTHON = process.env.OPENPYXL_PYTHON ?? '/usr/bin/python3';

function hasOpenpyxl() {
  try {
    execFileSync(PYTHON, ['-c', 'import openpyxl'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (!hasOpenpyxl()) {
  if (!canAptInstall()) {
    console.error(
      `openpyxl is missing for ${PYTHON} and cannot be installed automatically here.\n` +
        'Install Debian\'s "python3-openpyxl" package (or set OPENPYXL_PYTHON to a python3 that has openpyxl) and run the tests again.',
    );
    process.exit(1);
  }
  console.log('openpyxl not found: installing Debian\'s python3-openpyxl package...');
  aptInstall(['python3-openpyxl'], { noRecommends: true });
  if (!hasOpenpyxl()) {
    console.error(`apt-get finished but ${PYTHON} still cannot import openpyxl.`);
    process.exit(1);
  }
}
