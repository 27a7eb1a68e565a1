import type { BarChartScene, Brand, BoundVideo, LineChartScene, LogoScene, Scene, TableScene, TemplateLocale, TextScene, TickerScene, TitleScene } from '../../../../../common/domains/finview/template.js';
import { axisLabels, thinnedTicks, type Tick } from './axis-labels';
import { escapeXml, fitFontSize, fitText, textWidth } from './svg-text';

// Frame n of a bound template as an SVG document: a pure function of (template, data, n), so a
// preview, the poster and the video draw the very same pixels. Numbers are rounded, and a scene
// whose animation has finished draws the same string every frame: the video renderer reuses the
// previous raster when the SVG did not change. The chart and table drawers take a box and a
// local time, so the PDF report draws its charts with them too (time = Infinity: finished).

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DrawContext {
  brand: Brand;
  /** Width and height of the whole frame (tickers and logos place themselves in it). */
  frame: { width: number; height: number };
  /** The template's language: dates on the charts' axes are written in it (English when absent). */
  locale?: TemplateLocale;
}

const round = (value: number) => Math.round(value * 10) / 10;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const easeOutCubic = (value: number) => 1 - (1 - clamp01(value)) ** 3;
const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** Frames in the video: the duration rounded to whole frames. */
export function frameCount(video: Pick<BoundVideo, 'fps' | 'durationSeconds'>): number {
  return Math.max(1, Math.round(video.durationSeconds * video.fps));
}

function colourAt(brand: Brand, index: number): string {
  return brand.palette.length === 0 ? brand.accent : (brand.palette[index % brand.palette.length] ?? brand.accent);
}

function opacityAttr(opacity: number): string {
  const rounded = Math.round(clamp01(opacity) * 100) / 100;
  return rounded >= 1 ? '' : ` opacity="${rounded}"`;
}

interface TextOptions {
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  bold?: boolean;
  opacity?: number;
  /** Vertical placement of (x, y): the baseline (default) or the middle of the text. */
  middle?: boolean;
}

/** One line of text; `text` is escaped here. */
export function svgText(text: string, x: number, y: number, options: TextOptions): string {
  const anchor = options.anchor && options.anchor !== 'start' ? ` text-anchor="${options.anchor}"` : '';
  const weight = options.bold ? ' font-weight="bold"' : '';
  // A fixed baseline offset rather than dominant-baseline, which librsvg and Chromium treat differently.
  const baseline = options.middle ? y + options.size * 0.36 : y;
  return (
    `<text x="${round(x)}" y="${round(baseline)}" font-size="${round(options.size)}" fill="${options.fill}"${anchor}${weight}` +
    `${opacityAttr(options.opacity ?? 1)}>${escapeXml(text)}</text>`
  );
}

/** The plot area of a chart or table box below its title, and the title drawn. */
function titled(title: string | undefined, box: Box, ctx: DrawContext): { plot: Box; svg: string } {
  if (!title) return { plot: box, svg: '' };
  const size = fitFontSize(title, box.height * 0.075, box.width, true);
  const band = box.height * 0.13;
  return {
    svg: svgText(title, box.x, box.y + band * 0.7, { size, fill: ctx.brand.foreground, bold: true }),
    plot: { x: box.x, y: box.y + band, width: box.width, height: box.height - band },
  };
}

interface Scale {
  lo: number;
  hi: number;
  step: number;
}

/** A scale from `min` to `max` widened to round steps, at most five (0, 10, 20, 30 rather than 0, 5.75…). */
function niceScale(min: number, max: number): Scale {
  if (max <= min) return { lo: min, hi: min + 1, step: 0.25 };
  const rough = (max - min) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const lo = Math.floor(min / step) * step;
  return { lo, hi: Math.max(lo + step, Math.ceil(max / step) * step), step };
}

function gridLines(plot: Box, { lo, hi, step }: Scale, ctx: DrawContext, labelWidth: number): string {
  const size = Math.min(plot.height * 0.05, labelWidth * 0.3);
  const steps = Math.round((hi - lo) / step);
  let svg = '';
  for (let index = 0; index <= steps; index += 1) {
    // Rounded so 0.1 + 0.2 prints as 0.3.
    const value = Math.round((lo + step * index) * 1e9) / 1e9;
    const y = plot.y + plot.height - (plot.height * index) / steps;
    svg += `<line x1="${round(plot.x + labelWidth)}" y1="${round(y)}" x2="${round(plot.x + plot.width)}" y2="${round(y)}" stroke="${ctx.brand.foreground}" stroke-opacity="0.15" stroke-width="${round(Math.max(1, plot.height / 400))}"/>`;
    svg += svgText(fitText(numberFormat.format(value), size, labelWidth * 0.9), plot.x + labelWidth * 0.9, y, {
      size,
      fill: ctx.brand.foreground,
      anchor: 'end',
      middle: true,
      opacity: 0.7,
    });
  }
  return svg;
}

/**
 * The bar chart's axis labels: dates at a readable size, every n-th when crowded; other labels
 * (categories) each under its bar, smaller when needed (down to 60 %), then shortened.
 */
function barTicks(labels: readonly string[], area: Box, slot: number, size: number, ctx: DrawContext): { ticks: Tick[]; size: number } {
  const { texts, dates } = axisLabels(labels, ctx.locale);
  const centre = (index: number) => area.x + slot * index + slot / 2;
  if (dates) return { size, ticks: thinnedTicks(texts, { xOf: centre, left: area.x, right: area.x + area.width, size }) };
  const largest = Math.min(size, slot * 0.3);
  const widest = texts.reduce((best, text) => (textWidth(text, largest) > textWidth(best, largest) ? text : best), '');
  const fitted = Math.max(largest * 0.6, fitFontSize(widest, largest, slot * 0.95));
  return { size: fitted, ticks: texts.map((text, index) => ({ text: fitText(text, fitted, slot * 0.95), x: centre(index) })) };
}

/** Bars grow from zero over `growSeconds`, one after the other, easing out. */
export function barChartSvg(scene: Pick<BarChartScene, 'title' | 'labels' | 'values' | 'unit' | 'growSeconds'>, box: Box, ctx: DrawContext, time: number): string {
  const { plot, svg: title } = titled(scene.title, box, ctx);
  const count = scene.values.length;
  const scale = niceScale(Math.min(0, ...scene.values), Math.max(0, ...scene.values));
  const { lo, hi } = scale;
  const labelWidth = plot.width * 0.08;
  const labelBand = plot.height * 0.12;
  const area: Box = { x: plot.x + labelWidth, y: plot.y + plot.height * 0.08, width: plot.width - labelWidth, height: plot.height * 0.92 - labelBand };
  const yOf = (value: number) => area.y + area.height - ((value - lo) / (hi - lo)) * area.height;
  const slot = count === 0 ? area.width : area.width / count;
  const grow = scene.growSeconds ?? 1;
  const labelSize = Math.min(plot.height * 0.055, slot * 0.3);
  let svg = title + gridLines({ ...area, x: plot.x, width: plot.width }, scale, ctx, labelWidth);
  const axis = barTicks(scene.labels, area, slot, plot.height * 0.055, ctx);
  scene.values.forEach((value, index) => {
    const delay = count > 1 ? (grow * 0.4 * index) / (count - 1) : 0;
    const progress = grow === 0 ? 1 : easeOutCubic((time - delay) / (grow * 0.6));
    const shown = value * progress;
    const top = Math.min(yOf(shown), yOf(0));
    const height = Math.abs(yOf(shown) - yOf(0));
    const x = area.x + slot * index + slot * 0.15;
    const centre = area.x + slot * index + slot / 2;
    svg += `<rect x="${round(x)}" y="${round(top)}" width="${round(slot * 0.7)}" height="${round(height)}" fill="${colourAt(ctx.brand, index)}"/>`;
    if (progress > 0) {
      const valueText = `${numberFormat.format(progress >= 1 ? value : Math.round(shown * 100) / 100)}${scene.unit ?? ''}`;
      // Smaller rather than cut: "12…" of 12,345 would read as another number.
      svg += svgText(valueText, centre, top - labelSize * 0.4, {
        size: fitFontSize(valueText, labelSize, slot * 0.95),
        fill: ctx.brand.foreground,
        anchor: 'middle',
        opacity: progress,
      });
    }
  });
  for (const tick of axis.ticks) {
    svg += svgText(tick.text, tick.x, area.y + area.height + labelBand * 0.6, { size: axis.size, fill: ctx.brand.foreground, anchor: 'middle' });
  }
  return svg;
}

/** Lines draw from left to right over `drawSeconds`; the head carries a dot. */
export function lineChartSvg(scene: Pick<LineChartScene, 'title' | 'labels' | 'series' | 'drawSeconds'>, box: Box, ctx: DrawContext, time: number): string {
  const { plot, svg: title } = titled(scene.title, box, ctx);
  const all = scene.series.flatMap((series) => series.values);
  const scale = niceScale(all.length > 0 ? Math.min(...all) : 0, all.length > 0 ? Math.max(...all) : 1);
  const { lo, hi } = scale;
  const labelWidth = plot.width * 0.08;
  const legend = scene.series.length > 1 ? plot.height * 0.1 : 0;
  const labelBand = plot.height * 0.1;
  const area: Box = { x: plot.x + labelWidth, y: plot.y + legend + plot.height * 0.04, width: plot.width - labelWidth, height: plot.height - legend - labelBand - plot.height * 0.04 };
  const count = scene.labels.length;
  const xOf = (index: number) => (count <= 1 ? area.x + area.width / 2 : area.x + (area.width * index) / (count - 1));
  const yOf = (value: number) => area.y + area.height - ((value - lo) / (hi - lo)) * area.height;
  const drawSeconds = scene.drawSeconds ?? 1.5;
  const head = count <= 1 ? 0 : (count - 1) * (drawSeconds === 0 ? 1 : easeOutCubic(time / drawSeconds));
  const size = Math.min(plot.height * 0.05, area.width / 12);
  let svg = title + gridLines({ ...area, x: plot.x, width: plot.width }, scale, ctx, labelWidth);

  // At most eight labels, evenly spaced, the last one always; fewer when they would touch.
  const { texts } = axisLabels(scene.labels, ctx.locale);
  const ticks = thinnedTicks(texts, { xOf, left: area.x, right: area.x + area.width, size, minStep: Math.max(1, Math.ceil((count - 1) / 7)) });
  for (const tick of ticks) {
    svg += svgText(tick.text, tick.x, area.y + area.height + labelBand * 0.6, { size, fill: ctx.brand.foreground, anchor: 'middle', opacity: 0.8 });
  }

  const stroke = round(Math.max(1.5, area.height / 180));
  scene.series.forEach((series, seriesIndex) => {
    const colour = series.colour ?? colourAt(ctx.brand, seriesIndex);
    const whole = Math.floor(head);
    const points: string[] = [];
    for (let index = 0; index <= whole && index < series.values.length; index += 1) {
      points.push(`${round(xOf(index))},${round(yOf(series.values[index] ?? 0))}`);
    }
    let headX = xOf(whole);
    let headY = yOf(series.values[whole] ?? 0);
    if (head > whole && whole + 1 < series.values.length) {
      const fraction = head - whole;
      const from = series.values[whole] ?? 0;
      const to = series.values[whole + 1] ?? 0;
      headX = xOf(whole + fraction);
      headY = yOf(from + (to - from) * fraction);
      points.push(`${round(headX)},${round(headY)}`);
    }
    if (points.length > 1) {
      svg += `<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="${stroke}" stroke-linejoin="round" stroke-linecap="round"/>`;
    }
    if (points.length > 0) svg += `<circle cx="${round(headX)}" cy="${round(headY)}" r="${round(stroke * 2)}" fill="${colour}"/>`;
    if (legend > 0) {
      const legendX = plot.x + labelWidth + (area.width / scene.series.length) * seriesIndex;
      const legendY = plot.y + legend / 2;
      svg += `<rect x="${round(legendX)}" y="${round(legendY - size / 2)}" width="${round(size)}" height="${round(size)}" fill="${colour}"/>`;
      svg += svgText(fitText(series.name, size, area.width / scene.series.length - size * 2), legendX + size * 1.5, legendY, {
        size,
        fill: ctx.brand.foreground,
        middle: true,
      });
    }
  });
  return svg;
}

/** Rows appear one after another; numbers are right-aligned. */
export function tableSvg(scene: Pick<TableScene, 'title' | 'columns' | 'rows'>, box: Box, ctx: DrawContext, time: number): string {
  const { plot, svg: title } = titled(scene.title, box, ctx);
  const rowHeight = Math.min(plot.height / (scene.rows.length + 1), plot.height * 0.09);
  const visibleRows = Math.min(scene.rows.length, Math.floor(plot.height / rowHeight) - 1);
  const columnWidth = plot.width / scene.columns.length;
  const size = rowHeight * 0.5;
  const pad = columnWidth * 0.05;
  const cellX = (column: number, numeric: boolean) => plot.x + columnWidth * column + (numeric ? columnWidth - pad : pad);
  let svg = title;
  svg += `<rect x="${round(plot.x)}" y="${round(plot.y)}" width="${round(plot.width)}" height="${round(rowHeight)}" fill="${ctx.brand.accent}"/>`;
  scene.columns.forEach((column, index) => {
    const numeric = scene.rows.length > 0 && scene.rows.every((row) => typeof row[index] === 'number');
    svg += svgText(fitText(column, size, columnWidth - pad * 2, true), cellX(index, numeric), plot.y + rowHeight / 2, {
      size,
      fill: ctx.brand.background,
      anchor: numeric ? 'end' : 'start',
      bold: true,
      middle: true,
    });
  });
  for (let row = 0; row < visibleRows; row += 1) {
    const opacity = clamp01((time - row * 0.08) / 0.3);
    if (opacity <= 0) break;
    const y = plot.y + rowHeight * (row + 1);
    const cells = (scene.rows[row] ?? []).map((cell, index) => {
      const numeric = typeof cell === 'number';
      const text = numeric ? numberFormat.format(cell) : cell;
      return svgText(fitText(text, size, columnWidth - pad * 2), cellX(index, numeric), y + rowHeight / 2, {
        size,
        fill: ctx.brand.foreground,
        anchor: numeric ? 'end' : 'start',
        middle: true,
      });
    });
    const zebra = row % 2 === 1 ? `<rect x="${round(plot.x)}" y="${round(y)}" width="${round(plot.width)}" height="${round(rowHeight)}" fill="${ctx.brand.foreground}" fill-opacity="0.07"/>` : '';
    svg += `<g${opacityAttr(opacity)}>${zebra}${cells.join('')}</g>`;
  }
  return svg;
}

/** A band along the bottom of the frame; the items loop seamlessly from right to left. */
function tickerSvg(scene: TickerScene, ctx: DrawContext, time: number): string {
  const { width, height } = ctx.frame;
  const bandHeight = height * 0.09;
  const top = height - bandHeight;
  const size = bandHeight * 0.48;
  const gap = size * 2;
  const widths = scene.items.map((item) => textWidth(item, size));
  const period = widths.reduce((sum, itemWidth) => sum + itemWidth + gap, 0);
  // The first loop enters from the right edge; later loops follow it, one period apart.
  const start = width - time * (scene.speed ?? 0.2) * width;
  let x = start + Math.max(0, Math.floor(-start / period)) * period;
  let svg = `<rect x="0" y="${round(top)}" width="${width}" height="${round(bandHeight)}" fill="${ctx.brand.accent}"/>`;
  while (x < width) {
    let itemX = x;
    scene.items.forEach((item, index) => {
      const itemWidth = widths[index] ?? 0;
      if (itemX + itemWidth > 0 && itemX < width) svg += svgText(item, itemX, top + bandHeight / 2, { size, fill: ctx.brand.background, middle: true });
      const dotX = itemX + itemWidth + gap / 2;
      if (dotX > 0 && dotX < width) svg += `<circle cx="${round(dotX)}" cy="${round(top + bandHeight / 2)}" r="${round(size * 0.12)}" fill="${ctx.brand.background}"/>`;
      itemX += itemWidth + gap;
    });
    x += period;
  }
  return svg;
}

function titleSvg(scene: TitleScene, ctx: DrawContext, time: number): string {
  const { width, height } = ctx.frame;
  const opacity = clamp01(time / 0.5);
  const size = fitFontSize(scene.title, height * 0.085, width * 0.9, true);
  let svg = svgText(scene.title, width / 2, height * (scene.subtitle ? 0.45 : 0.5), {
    size,
    fill: ctx.brand.foreground,
    anchor: 'middle',
    bold: true,
    middle: true,
    opacity,
  });
  if (scene.subtitle) {
    const subtitleSize = fitFontSize(scene.subtitle, height * 0.045, width * 0.9);
    svg += svgText(scene.subtitle, width / 2, height * 0.58, { size: subtitleSize, fill: ctx.brand.accent, anchor: 'middle', middle: true, opacity });
  }
  return svg;
}

const LOGO_ALIGN: Record<LogoScene['position'], string> = {
  center: 'xMidYMid',
  'top-left': 'xMinYMin',
  'top-right': 'xMaxYMin',
  'bottom-left': 'xMinYMax',
  'bottom-right': 'xMaxYMax',
};

/** Charts and tables fill this part of the frame. */
function contentBox(frame: { width: number; height: number }): Box {
  return { x: frame.width * 0.06, y: frame.height * 0.06, width: frame.width * 0.88, height: frame.height * 0.8 };
}

function logoBox(scene: LogoScene, frame: { width: number; height: number }): Box {
  const { width, height } = frame;
  const margin = height * 0.04;
  const boxHeight = height * scene.size;
  const boxWidth = Math.min(width - margin * 2, boxHeight * 3);
  const x = scene.position.endsWith('right') ? width - margin - boxWidth : scene.position === 'center' ? (width - boxWidth) / 2 : margin;
  const y = scene.position.startsWith('bottom') ? height - margin - boxHeight : scene.position === 'center' ? (height - boxHeight) / 2 : margin;
  return { x, y, width: boxWidth, height: boxHeight };
}

function logoSvg(scene: LogoScene, ctx: DrawContext): string {
  // Bound templates carry data URLs only (bindVideoTemplate resolves blob ids); a blob id here draws nothing.
  if (!('dataUrl' in scene.image)) return '';
  const { x, y, width: boxWidth, height: boxHeight } = logoBox(scene, ctx.frame);
  return (
    `<image x="${round(x)}" y="${round(y)}" width="${round(boxWidth)}" height="${round(boxHeight)}" ` +
    `preserveAspectRatio="${LOGO_ALIGN[scene.position]} meet" xlink:href="${escapeXml(scene.image.dataUrl)}"/>`
  );
}

function textSceneSvg(scene: TextScene, ctx: DrawContext, time: number): string {
  const { width, height } = ctx.frame;
  const size = height * scene.size;
  const opacity = clamp01(time / 0.3);
  return scene.text
    .split('\n')
    .map((line, index) =>
      svgText(line, width * scene.x, height * scene.y + index * size * 1.2, {
        size,
        fill: scene.colour ?? ctx.brand.foreground,
        anchor: scene.align,
        bold: scene.bold,
        opacity,
      }),
    )
    .join('');
}

/** One scene at `time` seconds after its start. */
export function sceneSvg(scene: Scene, ctx: DrawContext, time: number): string {
  const content = contentBox(ctx.frame);
  switch (scene.kind) {
    case 'title':
      return titleSvg(scene, ctx, time);
    case 'bar-chart':
      return barChartSvg(scene, content, ctx, time);
    case 'line-chart':
      return lineChartSvg(scene, content, ctx, time);
    case 'table':
      return tableSvg(scene, content, ctx, time);
    case 'ticker':
      return tickerSvg(scene, ctx, time);
    case 'logo':
      return logoSvg(scene, ctx);
    case 'text':
      return textSceneSvg(scene, ctx, time);
  }
}

/** The font stack every drawing uses: the brand's DejaVu face, installed with Debian's fonts-dejavu. */
export function fontStack(brand: Brand): string {
  const generic = brand.fontFamily === 'DejaVu Serif' ? 'serif' : brand.fontFamily === 'DejaVu Sans Mono' ? 'monospace' : 'sans-serif';
  return `'${brand.fontFamily}', ${generic}`;
}

/** The SVG of each scene at frame `frame` (0-based), in list order; '' for a scene not showing then. */
export function sceneParts(video: BoundVideo, frame: number): string[] {
  const time = frame / video.fps;
  const ctx: DrawContext = { brand: video.brand, frame: video.size, locale: video.locale ?? 'en' };
  return video.scenes.map((scene) => (time >= scene.start && time < scene.end ? sceneSvg(scene, ctx, time - scene.start) : ''));
}

/**
 * A complete SVG document of the frame's size around `body`. With `region` (whole pixels), only
 * that part of the frame, at its own size: the same pixels as the whole frame has there.
 */
export function svgDocument(video: BoundVideo, body: string, region?: Box): string {
  const { width, height } = video.size;
  const view = region ?? { x: 0, y: 0, width, height };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${view.width}" height="${view.height}" ` +
    `viewBox="${view.x} ${view.y} ${view.width} ${view.height}" font-family="${escapeXml(fontStack(video.brand))}">` +
    `<rect width="${width}" height="${height}" fill="${video.brand.background}"/>${body}</svg>`
  );
}

/** Frame `frame` (0-based) as a complete SVG document; scenes active then are drawn in list order. */
export function frameSvg(video: BoundVideo, frame: number): string {
  return svgDocument(video, sceneParts(video, frame).join(''));
}

/**
 * Where a scene may paint, with a margin, within the frame: a frame where only some scenes
 * changed is redrawn there only. Must hold everything the scene's drawer draws.
 */
export function sceneBounds(scene: Scene, frame: { width: number; height: number }): Box {
  const { width, height } = frame;
  let box: Box;
  switch (scene.kind) {
    case 'title':
      box = { x: 0, y: height * 0.3, width, height: height * 0.4 };
      break;
    case 'bar-chart':
    case 'line-chart':
    case 'table':
      box = contentBox(frame);
      break;
    case 'ticker':
      box = { x: 0, y: height * 0.91, width, height: height * 0.09 };
      break;
    case 'logo':
      box = logoBox(scene, frame);
      break;
    case 'text': {
      const size = height * scene.size;
      const lines = scene.text.split('\n');
      // Generous: DejaVu's widths are known for ASCII only, and the ends of lines may carry italics or accents.
      const lineWidth = Math.max(...lines.map((line) => textWidth(line, size, scene.bold))) * 1.25 + size;
      const anchorX = width * scene.x;
      const x = scene.align === 'start' ? anchorX - size / 2 : scene.align === 'end' ? anchorX - lineWidth + size / 2 : anchorX - lineWidth / 2;
      box = { x, y: height * scene.y - size * 1.1, width: lineWidth, height: size * 1.2 * (lines.length - 1) + size * 1.5 };
      break;
    }
  }
  // Round line ends and the line chart's head dot reach a little past the drawers' boxes.
  const margin = Math.max(4, height * 0.02);
  const left = Math.max(0, box.x - margin);
  const top = Math.max(0, box.y - margin);
  return {
    x: left,
    y: top,
    width: Math.max(0, Math.min(width, box.x + box.width + margin) - left),
    height: Math.max(0, Math.min(height, box.y + box.height + margin) - top),
  };
}
