import * as XLSX from '@e965/xlsx';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shippedConfig, withAreas } from '../tests/fixtures/app-config';
import { COMPANY_FIELDS } from '../common/domains/news/company-rules';
import { launchBrowser } from '../tests/e2e/browser';
import { startStack } from '../tests/e2e/stack';

// The companies upload preview of a 50 000-row file in the real built app in
// Chromium: the longest main-thread task from picking the file until the
// preview says how many rows are valid. Target: <= 50 ms (the worker parses,
// the page only receives chunks and renders a virtual table).

const ROWS = 50_000;
const PASSWORD = 'Bench-pass-2026';
const TARGET_MS = 50;

function isinOf(index: number): string {
  return `XB${index.toString(36).toUpperCase().padStart(9, '0')}${index % 10}`;
}

function buildFile(): Buffer {
  const rows: string[][] = [[...COMPANY_FIELDS]];
  for (let index = 0; index < ROWS; index += 1) {
    const values: Record<string, string> = {
      compName: `Bench Company ${index}`,
      isin: isinOf(index),
      ticker: `BC${index}`,
      exchange: 'XLON',
      sector: 'Industrials',
      website: `www.bench${index}.example`,
      email: `ir@bench${index}.example`,
      phone: `555 ${index}`,
      address: `${index} Bench Street`,
      isActive: index % 7 === 0 ? 'FALSE' : 'TRUE',
    };
    rows.push(COMPANY_FIELDS.map((field) => values[field] ?? ''));
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Companies');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** The longest RunTask on the renderer main thread(s) between two trace timestamps (µs). */
function longestTaskMs(trace: Buffer): number {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  let longest = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== 'RunTask' || !mainThreads.has(`${event.pid}:${event.tid}`)) continue;
    longest = Math.max(longest, (event.dur ?? 0) / 1000);
  }
  return longest;
}

export async function benchNewsPreview(): Promise<void> {
  console.log(`\nCompanies upload preview, ${ROWS} rows, built app in Chromium`);
  if (!existsSync('dist/index.html')) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const scratch = mkdtempSync(join(tmpdir(), 'bo-bench-preview-'));
  const config = withAreas(shippedConfig(), ['news-management']);
  const configPath = join(scratch, 'app.json');
  writeFileSync(configPath, JSON.stringify(config));

  const started = performance.now();
  const file = buildFile();
  const filePath = join(scratch, 'companies-50k.xlsx');
  writeFileSync(filePath, file);
  console.log(`  file: ${(file.length / 1024 / 1024).toFixed(2)} MB, built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const stack = await startStack({ ADMIN_PASSWORD: PASSWORD, DEMO_DATA: 'false', APP_CONFIG: configPath });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`${stack.appUrl}#/login`);
    await page.locator('#username').fill('superadmin');
    await page.locator('#password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('current-user').waitFor({ timeout: 30_000 });
    await page.goto(`${stack.appUrl}#/news-management/news/companies/create`);
    await page.getByTestId('companies-upload-panel').waitFor({ timeout: 30_000 });
    // Warm the worker and parser chunks with a one-row file, so the figure is the preview, not a download.
    const warm = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(warm, XLSX.utils.aoa_to_sheet([[...COMPANY_FIELDS], ['Warm', 'XW0000000001']]), 'Companies');
    const input = page.locator('[data-testid="companies-upload-panel"] input[type="file"]');
    await input.setInputFiles({ name: 'warm.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from(XLSX.write(warm, { type: 'buffer', bookType: 'xlsx' }) as Buffer) });
    await page.locator('[data-testid="upload-summary"][data-invalid="0"]').waitFor({ timeout: 30_000 });

    await page.evaluate(() => {
      const scope = window as unknown as { longTasks: number[] };
      scope.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) scope.longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const begin = performance.now();
    // From disk: a buffer would be base64-decoded by injected script on the page's own main thread.
    await input.setInputFiles(filePath);
    await page.locator('[data-testid="upload-summary"][data-invalid="0"]', { hasText: `Rows: ${ROWS},` }).waitFor({ timeout: 120_000 });
    const elapsed = performance.now() - begin;
    // A few frames more, so the last render of the virtual table is inside the window.
    await page.waitForTimeout(300);
    const trace = await browser.stopTracing();
    if (process.env.BENCH_TRACE) writeFileSync(process.env.BENCH_TRACE, trace);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const traced = longestTaskMs(trace);
    const observed = longTasks.length > 0 ? Math.max(...longTasks) : 0;
    console.log(`  preview ready in ${(elapsed / 1000).toFixed(2)} s (parse in the worker + rows to the page)`);
    console.log(`  longest main-thread task (trace RunTask): ${traced.toFixed(1)} ms   target <= ${TARGET_MS} ms  ${traced <= TARGET_MS ? 'OK' : 'OVER'}`);
    console.log(`  long tasks seen by PerformanceObserver('longtask'): ${longTasks.length}${longTasks.length ? `, longest ${observed.toFixed(1)} ms` : ''}`);
  } finally {
    await browser.close();
    await stack.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchNewsPreview();
