import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core run inside the page under test. Only serious and critical findings
// fail a test (WCAG AA failures: contrast, names, labels); moderate and minor
// ones are best-practice advice.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeReport {
  /** Elements failing a critical rule. */
  critical: number;
  /** Elements failing a serious rule. */
  serious: number;
  /** One line per failing serious or critical rule: impact, rule, count, the first targets. */
  findings: string[];
}

interface Violation {
  id: string;
  impact: string | null;
  /** Each failing element, with the colours axe measured where the rule is colour contrast. */
  targets: string[];
}

/** Waits for spinners, skeletons and antd's motion to finish: axe measures colours mid-fade otherwise. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-spin-spinning, .ant-skeleton-active') &&
      // The toast's countdown bar and a spinner's rotation run on; everything else must have stopped.
      document.getAnimations().every((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return animation.playState !== 'running' || Boolean(target?.closest('.Toastify, .anticon-spin, .ant-wave'));
      }),
    undefined,
    { timeout: 20_000 },
  );
}

export async function axeAudit(page: Page): Promise<AxeReport> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations: Violation[] = await page.evaluate(async () => {
    interface Node {
      target: unknown[];
      any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[];
    }
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string | null; nodes: Node[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => {
        const colours = node.any.find((check) => check.data?.contrastRatio)?.data;
        return `${JSON.stringify(node.target)}${colours ? ` (${colours.fgColor} on ${colours.bgColor}, ${colours.contrastRatio}:1)` : ''}`;
      }),
    }));
  });
  const counted = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const total = (impact: string) =>
    counted.filter((violation) => violation.impact === impact).reduce((sum, violation) => sum + violation.targets.length, 0);
  return {
    critical: total('critical'),
    serious: total('serious'),
    findings: counted.map(
      (violation) => `${violation.impact} ${violation.id} ×${violation.targets.length} at ${violation.targets.slice(0, 3).join(', ')}`,
    ),
  };
}

/** The serious and critical findings on the page as it is now; [] when there are none. */
export async function axeFindings(page: Page): Promise<string[]> {
  return (await axeAudit(page)).findings;
}

/** A fixed-width table of counts per page, for the test's output. */
export function axeTable(reports: ReadonlyMap<string, AxeReport>): string {
  const width = Math.max(4, ...[...reports.keys()].map((name) => name.length));
  const lines = [`${'page'.padEnd(width)}  critical  serious`];
  for (const [name, report] of reports) {
    lines.push(`${name.padEnd(width)}  ${String(report.critical).padStart(8)}  ${String(report.serious).padStart(7)}`);
  }
  return lines.join('\n');
}
