import type { Browser } from 'playwright-core';
import { barChartSvg, fontStack, lineChartSvg, type DrawContext } from './frame-svg';
import type { BoundReport, ReportSection } from '../../../../../common/domains/finview/report-template.js';
import { escapeXml } from './svg-text';

// A bound report as one HTML document (charts as inline SVG drawn by the video's own chart
// drawers, tables as HTML so they break across pages with their header repeated), printed to PDF
// by Debian's Chromium through playwright-core. One browser serves every report; each report
// gets its own context with JavaScript off and every request refused: report data comes from
// users, so the page may neither run nor fetch anything.

// Flags as this workplace needs them (the browser tests launch with the same ones): no sandbox
// as root, no background networking (the closed network refuses it and slows every start).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PAPER = '#ffffff';
const INK = '#1f2328';
const CHART_BOX = { x: 0, y: 0, width: 1000, height: 380 };
const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

function chartSvg(section: Extract<ReportSection, { kind: 'bar-chart' | 'line-chart' }>, report: BoundReport): string {
  // Charts are drawn finished (time Infinity), in ink on paper rather than the video's colours.
  const ctx: DrawContext = { brand: { ...report.brand, background: PAPER, foreground: INK }, frame: CHART_BOX, locale: report.locale ?? 'en' };
  const body = section.kind === 'bar-chart' ? barChartSvg(section, CHART_BOX, ctx, Infinity) : lineChartSvg(section, CHART_BOX, ctx, Infinity);
  return `<figure><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CHART_BOX.width} ${CHART_BOX.height}" role="img">${body}</svg></figure>`;
}

function tableHtml(section: Extract<ReportSection, { kind: 'table' }>): string {
  const numeric = section.columns.map((_, index) => section.rows.length > 0 && section.rows.every((row) => typeof row[index] === 'number'));
  const head = section.columns.map((column, index) => `<th${numeric[index] ? ' class="num"' : ''}>${escapeXml(column)}</th>`).join('');
  const rows = section.rows
    .map((row) => `<tr>${section.columns.map((_, index) => {
      const cell = row[index];
      return typeof cell === 'number' ? `<td class="num">${escapeXml(numberFormat.format(cell))}</td>` : `<td>${escapeXml(cell ?? '')}</td>`;
    }).join('')}</tr>`)
    .join('');
  const caption = section.title ? `<caption>${escapeXml(section.title)}</caption>` : '';
  return `<table>${caption}<thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function sectionHtml(section: ReportSection, report: BoundReport): string {
  switch (section.kind) {
    case 'heading':
      return `<h2>${escapeXml(section.text)}</h2>`;
    case 'paragraph':
      return section.text
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeXml(paragraph)}</p>`)
        .join('');
    case 'bar-chart':
    case 'line-chart':
      return chartSvg(section, report);
    case 'table':
      return tableHtml(section);
    case 'page-break':
      return '<div class="page-break"></div>';
  }
}

/** The report as a standalone HTML document (also what a preview of the first page can show). */
export function reportHtml(report: BoundReport): string {
  // Only checked values reach the style sheet (colours are #rrggbb, the font one of a list):
  // entities mean nothing inside <style>, so nothing there is escaped.
  const { brand } = report;
  const logo = report.logoDataUrl ? `<img class="logo" alt="" src="${escapeXml(report.logoDataUrl)}">` : '';
  const subtitle = report.subtitle ? `<p class="subtitle">${escapeXml(report.subtitle)}</p>` : '';
  return `<!doctype html>
<html lang="${report.locale ?? 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${escapeXml(report.title)}</title>
<style>
@page { size: ${report.page.size} ${report.page.landscape ? 'landscape' : 'portrait'}; margin: 16mm 14mm 18mm; }
body { font-family: ${fontStack(brand)}; color: ${INK}; font-size: 10.5pt; line-height: 1.4; margin: 0; }
header { display: flex; align-items: center; justify-content: space-between; border-bottom: 3pt solid ${brand.accent}; margin-bottom: 12pt; }
h1 { font-size: 20pt; margin: 0 0 4pt; }
h2 { font-size: 14pt; margin: 14pt 0 6pt; color: ${brand.accent}; break-after: avoid; }
.subtitle { margin: 0 0 8pt; color: #57606a; }
.logo { max-height: 16mm; max-width: 50mm; }
figure { margin: 0 0 12pt; break-inside: avoid; }
figure svg { width: 100%; height: auto; display: block; }
table { width: 100%; border-collapse: collapse; margin: 0 0 12pt; font-size: 9.5pt; }
caption { text-align: left; font-weight: bold; padding: 0 0 4pt; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th { background: ${brand.accent}; color: ${PAPER}; text-align: left; padding: 3pt 5pt; }
td { padding: 3pt 5pt; border-bottom: 0.5pt solid #d0d7de; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.page-break { break-after: page; }
</style></head>
<body><header><div><h1>${escapeXml(report.title)}</h1>${subtitle}</div>${logo}</header>
${report.sections.map((section) => sectionHtml(section, report)).join('\n')}
</body></html>`;
}

export interface ReportRendererOptions {
  executablePath?: string;
  /** For loading the document and for printing it, each. */
  timeoutMs?: number;
}

export interface ReportRenderer {
  /** The report as PDF bytes; `footerText` (finview's watermark) is printed in every page's footer. */
  render(report: BoundReport, options?: { footerText?: string }): Promise<Buffer>;
  /** The first page as a PNG `width` CSS pixels wide (a template editor's preview); `signal` closes its page. */
  screenshot(report: BoundReport, width: number, signal?: AbortSignal): Promise<Buffer>;
  /** Browsers started so far (1 while the first one lives). */
  launches(): number;
  close(): Promise<void>;
}

/** One Chromium, started on the first report and started again if it went away. */
export function createReportRenderer(options: ReportRendererOptions = {}): ReportRenderer {
  const timeout = options.timeoutMs ?? 60_000;
  let browser: Promise<Browser> | null = null;
  let closed = false;
  let launches = 0;

  function browserNow(): Promise<Browser> {
    if (closed) return Promise.reject(new Error('The report renderer is closed'));
    if (!browser) {
      // playwright-core is loaded with the first report, not with the server: a tenth of its start.
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({ executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }),
      );
      browser = launching;
      launches += 1;
      launching.then(
        (started) => started.once('disconnected', () => {
          if (browser === launching) browser = null;
        }),
        () => {
          if (browser === launching) browser = null;
        },
      );
    }
    return browser;
  }

  return {
    async render(report, renderOptions = {}) {
      const context = await (await browserNow()).newContext({ javaScriptEnabled: false, offline: true });
      try {
        // Data URLs never reach the network; anything else the document names is refused.
        await context.route('**/*', (route) => route.abort());
        const page = await context.newPage();
        await page.setContent(reportHtml(report), { waitUntil: 'load', timeout });
        page.setDefaultTimeout(timeout);
        const mark = renderOptions.footerText?.trim() ? `<span style="float: right; margin-right: 14mm;">${escapeXml(renderOptions.footerText.trim())}</span>` : '';
        const footer = `<div style="font-family: sans-serif; font-size: 7pt; width: 100%; text-align: center; color: #57606a;"><span class="pageNumber"></span> / <span class="totalPages"></span>${mark}</div>`;
        return await page.pdf({
          preferCSSPageSize: true,
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate: footer,
        });
      } finally {
        await context.close();
      }
    },
    async screenshot(report, width, signal) {
      signal?.throwIfAborted();
      // A4 portrait is 210 × 297 mm; Letter and landscape pages keep their own ratio.
      const ratio = report.page.size === 'Letter' ? 11 / 8.5 : 297 / 210;
      const height = Math.round(report.page.landscape ? width / ratio : width * ratio);
      const context = await (await browserNow()).newContext({ javaScriptEnabled: false, offline: true, viewport: { width, height } });
      const draw = async () => {
        await context.route('**/*', (route) => route.abort());
        const page = await context.newPage();
        page.setDefaultTimeout(timeout);
        await page.setContent(reportHtml(report), { waitUntil: 'load', timeout });
        await page.emulateMedia({ media: 'print' });
        return page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } });
      };
      // Aborted (the caller's time limit): the context is closed, which ends Chromium's work on
      // the page. Not awaited: a newPage() pending when its context closes never settles.
      let onAbort = () => undefined as void;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(signal?.reason);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      // Aborted while the context was being made.
      if (signal?.aborted) onAbort();
      try {
        return await Promise.race([draw(), aborted]);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await context.close();
      }
    },
    launches: () => launches,
    async close() {
      closed = true;
      const running = browser;
      browser = null;
      if (running) await (await running.catch(() => null))?.close();
    },
  };
}
