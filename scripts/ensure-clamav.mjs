// The virus-scanner tests start their own clamd (tests/server/kyc/files/clamd-fixture.ts) on a
// signature database they build with sigtool: Debian's clamav-daemon (clamd) and clamav
// (sigtool). Installed here when missing and we are root; no signatures are ever downloaded
// (freshclam is set to "manual", so its post-install script starts no updater).
import { existsSync } from 'node:fs';
import { aptInstall, canAptInstall } from './apt-install.mjs';

const CLAMD_PATH = process.env.CLAMD_PATH ?? '/usr/sbin/clamd';
const SIGTOOL_PATH = process.env.SIGTOOL_PATH ?? '/usr/bin/sigtool';

if (!existsSync(CLAMD_PATH) || !existsSync(SIGTOOL_PATH)) {
  if (!canAptInstall()) {
    // Not fatal: the scanner tests then skip, saying why.
    console.warn(
      `ClamAV is missing (${CLAMD_PATH}, ${SIGTOOL_PATH}) and cannot be installed automatically here: ` +
        'the clamd tests will be SKIPPED. Install Debian\'s "clamav-daemon" and "clamav" packages to run them.',
    );
  } else {
    console.log('ClamAV not found: installing Debian\'s clamav-daemon and clamav packages...');
    aptInstall(['clamav-daemon', 'clamav'], {
      debconf: ['clamav-freshclam clamav-freshclam/autoupdate_freshclam select manual'],
      noRecommends: true,
    });
    if (!existsSync(CLAMD_PATH) || !existsSync(SIGTOOL_PATH)) {
      console.error(`apt-get finished but ${CLAMD_PATH} or ${SIGTOOL_PATH} is still missing.`);
      process.exit(1);
    }
  }
}
