import path from 'node:path';
import { expect, it } from 'vitest';
import { NO_SCANNER_WARNING } from '../../../server/src/modules/kyc/files/virus-scanner-plugin';
import { describeEachDatabase, type SuiteContext } from '../helper';
import { kycCall, kycCallers, postForm } from './kyc-helper';

// Issue 23 item 9: a default install (DEMO_DATA, no ClamAV) can approve KYC documents, and
// says why; a deployment with a scanner keeps `required`; an Admin's choice is never undone.

/** The log lines of one app, as pino writes them. */
function captured(): { lines: Array<{ level: number; msg: string }>; logger: { level: string; stream: { write(line: string): void } } } {
  const lines: Array<{ level: number; msg: string }> = [];
  return { lines, logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } } };
}

const WARN = 40;

/** As a fresh database has it: the migration's `required`, never saved by an Admin. */
async function untouched(suite: SuiteContext, policy: 'required' | 'off' = 'required'): Promise<void> {
  await suite.sql('UPDATE kyc_settings SET scan_policy = $1, updated_by = NULL', [policy]);
}

const policyOf = async (suite: SuiteContext) => (await suite.sql<{ scan_policy: string }>('SELECT scan_policy FROM kyc_settings'))[0]?.scan_policy;

describeEachDatabase('KYC scan policy of a default install', (suite) => {
  it('a demo install without a scanner starts with the policy off, warns that no scanner is configured and says it switched the policy off', async () => {
    const log = captured();
    const { app, checker } = await kycCallers(suite, {}, { logger: log.logger });
    // The first start on a fresh database: nothing set the row before this app.
    expect((await kycCall(app, checker, 'GET', '/settings')).json()).toMatchObject({ scanPolicy: 'off', scannerConfigured: false });
    const warnings = log.lines.filter((line) => line.level === WARN).map((line) => line.msg);
    expect(warnings).toContain(NO_SCANNER_WARNING);
    expect(warnings.find((message) => message.startsWith('KYC scan policy set to "off"'))).toMatch(/demo install \(DEMO_DATA\) without a virus scanner/);

    // A restart changes nothing and says nothing more about the policy.
    const again = captured();
    await suite.build({}, { logger: again.logger });
    expect(await policyOf(suite)).toBe('off');
    expect(again.lines.filter((line) => line.msg.startsWith('KYC scan policy'))).toEqual([]);
  });

  it('with a scanner configured the policy stays (or goes back to) required, demo or not', async () => {
    const scanner = { CLAMD_SOCKET: path.join(suite.dataDir(), 'no-clamd.sock') };
    await untouched(suite, 'required');
    const quiet = captured();
    await suite.build(scanner, { logger: quiet.logger });
    expect(await policyOf(suite)).toBe('required');
    expect(quiet.lines.map((line) => line.msg)).not.toContain(NO_SCANNER_WARNING);
    // A demo first started without a scanner, now given one: back to required.
    await untouched(suite, 'off');
    await suite.build(scanner);
    expect(await policyOf(suite)).toBe('required');
  });

  it('without DEMO_DATA the policy stays required and the start warns that nothing can be approved without a scanner', async () => {
    await untouched(suite, 'required');
    const log = captured();
    await suite.build({ DEMO_DATA: false }, { logger: log.logger });
    expect(await policyOf(suite)).toBe('required');
    expect(log.lines.filter((line) => line.level === WARN).map((line) => line.msg)).toContain(NO_SCANNER_WARNING);
  });

  it("an Admin's choice is kept at every later start", async () => {
    await untouched(suite, 'required');
    const { app, admin } = await kycCallers(suite);
    expect(await policyOf(suite)).toBe('off');
    const saved = await postForm(app, admin, '/settings', { scanPolicy: 'required' }, [], 'PUT');
    expect(saved.statusCode, saved.body).toBe(200);
    await suite.build();
    expect(await policyOf(suite)).toBe('required');
  });
});
