// Debian packages the tests need (Chromium, ClamAV) are installed by the test command on a
// fresh machine instead of by hand: only as root with apt-get, services never started.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** True when this process may install Debian packages. */
export function canAptInstall() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && existsSync('/usr/bin/apt-get');
}

/**
 * apt-get update + install, non-interactive. `debconf` lines (`package question type value`)
 * are answered first, so a package's post-install script takes them instead of its defaults.
 */
export function aptInstall(packages, { debconf = [], noRecommends = false } = {}) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (debconf.length > 0 && existsSync('/usr/bin/debconf-set-selections')) {
    execFileSync('debconf-set-selections', [], { input: `${debconf.join('\n')}\n`, stdio: ['pipe', 'inherit', 'inherit'], env });
  }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...(noRecommends ? ['--no-install-recommends'] : []), ...packages], { stdio: 'inherit', env });
}
