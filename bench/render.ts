import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { createReportRenderer } from '../server/src/modules/finview/render/report-pdf';
import { bindReportTemplate } from '../common/domains/finview/report-template';
import { bindVideoTemplate, type BoundVideo, type VideoTemplate } from '../common/domains/finview/template';
import { renderVideo, type RenderVideoOptions } from '../server/src/modules/finview/render/video';
import { reportTemplate } from '../tests/fixtures/finview-reports';
import { barChartTemplate } from '../tests/fixtures/finview-templates';
import { ms, summarize } from './stats';

// finview rendering (issue 12): frames per second of a 10 s 1080p30 bar-chart video (target
// >= 30, faster than real time, on this 2-core machine), the time until its poster is in place,
// and the time to print a 10-page report PDF. Other processes share the cores, so the CPU each
// render used (this process plus ffmpeg) is printed beside the wall time, with the load average.
// RENDER_BENCH_PRESETS=veryfast,superfast compares libx264 presets.

const SIZE = { width: 1920, height: 1080 };
const SECONDS = 10;
const REPORT_PAGES = 10;

/** CPU seconds of this process and of its children that ended (ffmpeg), from /proc. */
function cpuSeconds(): { self: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After "pid (comm) ": state is field 3; utime, stime, cutime, cstime are fields 14-17.
  const tick = (index: number) => Number(fields[index - 3] ?? 0) / 100;
  return { self: tick(14) + tick(15), children: tick(16) + tick(17) };
}

function bind(template: VideoTemplate): BoundVideo {
  const bound = bindVideoTemplate(template, { values: { company: 'Bench Holdings plc' } });
  if (!bound.ok) throw new Error(bound.problems.join('\n'));
  return bound.value;
}

async function timeVideo(label: string, video: BoundVideo, dir: string, options: Partial<RenderVideoOptions> = {}): Promise<void> {
  const before = cpuSeconds();
  const load = loadavg()[0] ?? 0;
  const result = await renderVideo(video, { output: path.join(dir, 'video.mp4'), poster: path.join(dir, 'poster.jpg'), ...options });
  const after = cpuSeconds();
  const self = after.self - before.self;
  const ffmpeg = after.children - before.children;
  const fps = result.frames / (result.elapsedMs / 1000);
  console.log(
    `${label.padEnd(34)} ${fps.toFixed(1).padStart(5)} fps  poster ${ms(result.posterMs ?? Number.NaN).padStart(10)}  ` +
      `${(result.elapsedMs / 1000).toFixed(2)} s for ${result.frames} frames (${result.counts.drawn} drawn, ${result.counts.patched} partly)  ` +
      `CPU node ${self.toFixed(1)} s + ffmpeg ${ffmpeg.toFixed(1)} s (${(((self + ffmpeg) * 1000) / result.frames).toFixed(1)} ms a frame)  ` +
      `${(result.bytes / 1e6).toFixed(2)} MB  load ${load.toFixed(1)}`,
  );
}

async function benchVideo(dir: string): Promise<void> {
  console.log(`\n## finview video: ${SECONDS} s ${SIZE.width}x${SIZE.height} at 30 fps (target >= 30 fps; ${availableParallelism()} cores)`);
  const chart = bind(barChartTemplate(SIZE, SECONDS));
  const presets = (process.env.RENDER_BENCH_PRESETS ?? 'veryfast').split(',');
  for (const preset of presets) await timeVideo(`bar chart, ${preset}`, chart, dir, { preset });
  // The worst case for the raster cache: a ticker moves on every frame, so every frame is drawn.
  const ticker = barChartTemplate(SIZE, 4);
  ticker.scenes.push({ kind: 'ticker', start: 0, end: 4, items: ['BHP +2.1%', 'Index +0.4%', 'Board change announced at Bench Holdings plc'] });
  await timeVideo('bar chart + ticker (4 s), veryfast', bind(ticker), dir);
}

async function benchReport(): Promise<void> {
  console.log(`\n## finview report PDF: ${REPORT_PAGES} pages (charts, tables), Chromium page.pdf()`);
  const bound = bindReportTemplate(reportTemplate(REPORT_PAGES), { values: { company: 'Bench Holdings plc' } });
  if (!bound.ok) throw new Error(bound.problems.join('\n'));
  const renderer = createReportRenderer();
  try {
    let start = performance.now();
    const first = await renderer.render(bound.value);
    const cold = performance.now() - start;
    const warm: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      start = performance.now();
      await renderer.render(bound.value);
      warm.push(performance.now() - start);
    }
    const pages = (await PDFDocument.load(first)).getPageCount();
    const { mean, p50, p95 } = summarize(warm);
    console.log(`first report (starts Chromium)  ${ms(cold)}  (${pages} pages, ${(first.length / 1e3).toFixed(0)} kB)`);
    console.log(`next reports (browser reused)   mean ${ms(mean)}  p50 ${ms(p50)}  p95 ${ms(p95)}  (n=${warm.length})`);
  } finally {
    await renderer.close();
  }
}

export async function benchRender(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-render-'));
  try {
    await benchVideo(dir);
    await benchReport();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRender();
