import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe } from 'vitest';
import { createClamdScanner, type ClamdTarget } from '../../../../server/src/modules/kyc/files/clamd-scanner.js';
import { freePort } from '../../../fixtures/free-port';

// A real clamd per suite, on a signature database made here with sigtool: no signatures are
// downloaded. The database knows one file, the EICAR anti-virus test file, by its SHA-256.

const CLAMD_PATH = process.env.CLAMD_PATH ?? '/usr/sbin/clamd';
const SIGTOOL_PATH = process.env.SIGTOOL_PATH ?? '/usr/bin/sigtool';

/** The EICAR test file (eicar.org), built from halves so this source file itself trips no scanner. */
export const EICAR = Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STAND', 'ARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''), 'latin1');
/** The name the test database gives it; clamd adds `.UNOFFICIAL` to signatures not its vendor's. */
export const EICAR_SIGNATURE = 'Backoffice-Test-EICAR.UNOFFICIAL';

export interface Clamd {
  target: ClamdTarget;
  /** Stops the daemon (SIGTERM, then SIGKILL) and removes its directory. Harmless twice. */
  stop(): Promise<void>;
}

export interface ClamdOptions {
  /** clamd.conf StreamMaxLength; the product needs at least the 10 MB upload limit. */
  streamMaxLength?: string;
  /** Listen on 127.0.0.1 and a free port instead of a local socket. */
  tcp?: boolean;
}

let reason: string | null | undefined;

/** Why clamd cannot run here, or null. Installs ClamAV first when it is missing and we are root, as `npm test` does (once per file). */
function unavailableReason(): string | null {
  const present = () => existsSync(CLAMD_PATH) && existsSync(SIGTOOL_PATH);
  if (reason !== undefined) return reason;
  if (!present()) {
    try {
      execFileSync(process.execPath, ['scripts/ensure-clamav.mjs'], { stdio: 'inherit' });
    } catch {
      // It said why on its stderr; the reason below says what is missing.
    }
  }
  reason = present()
    ? null
    : `ClamAV is not installed (${CLAMD_PATH}, ${SIGTOOL_PATH}) and could not be installed (not root?): install Debian's clamav-daemon and clamav`;
  return reason;
}

/** describe() when clamd can run here; otherwise describe.skip() with the reason printed loudly. */
export function describeWithClamd(title: string, fn: () => void): void {
  const reason = unavailableReason();
  if (!reason) {
    describe(title, fn);
    return;
  }
  const line = '!'.repeat(78);
  console.warn(['', line, `!!  ${title}: SKIPPED.`, `!!  ${reason}.`, line, ''].join('\n'));
  describe.skip(`${title} [skipped: ${reason}]`, fn);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startClamd({ streamMaxLength = '12M', tcp = false }: ClamdOptions = {}): Promise<Clamd> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bo-clamd-'));
  const database = path.join(dir, 'db');
  await mkdir(database);
  // sigtool names the signature after the file it hashes.
  await writeFile(path.join(dir, 'Backoffice-Test-EICAR'), EICAR);
  const hdb = execFileSync(SIGTOOL_PATH, ['--sha256', 'Backoffice-Test-EICAR'], { cwd: dir });
  await writeFile(path.join(database, 'test.hdb'), hdb);

  const target: ClamdTarget = tcp ? { host: '127.0.0.1', port: await freePort() } : { socketPath: path.join(dir, 'clamd.sock') };
  const listen = 'socketPath' in target ? [`LocalSocket ${target.socketPath}`] : [`TCPSocket ${target.port}`, `TCPAddr ${target.host}`];
  const config = path.join(dir, 'clamd.conf');
  await writeFile(
    config,
    [...listen, 'Foreground yes', `DatabaseDirectory ${database}`, `TemporaryDirectory ${dir}`, `StreamMaxLength ${streamMaxLength}`, ''].join('\n'),
  );

  const child = spawn(CLAMD_PATH, ['--config-file', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => {
    stderr = (stderr + data.toString('utf8')).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(killer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  // Ready when it answers PING; loading a one-line database takes a second or two.
  const probe = createClamdScanner(target, { timeoutMs: 2000 });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await probe.ping();
      return { target, stop };
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`clamd did not start (${child.exitCode !== null ? `exit ${child.exitCode}` : 'no PONG within 60 s'}): ${stderr}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
