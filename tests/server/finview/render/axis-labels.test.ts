import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitData } from '../../../../server/src/modules/finview/fit';
import { axisLabels } from '../../../../server/src/modules/finview/render/axis-labels';
import { frameSvg } from '../../../../server/src/modules/finview/render/frame-svg';
import { textWidth } from '../../../../server/src/modules/finview/render/svg-text';
import { bindVideoTemplate, checkVideoTemplate, type TemplateLocale } from '../../../../common/domains/finview/template';
import { BRAND } from '../../../fixtures/finview-templates';

// Issue 23 item 10: a 1080p bar chart of seven days drew "2026-1…" under every bar. A chart's
// dates are drawn short in the template's language and thinned when crowded; these render real
// frames (as a source's seven or sixty days arrive, through fitData) and measure their labels.

const DAY_MS = 86_400_000;
const FRAME = { width: 1920, height: 1080 };
// contentBox in frame-svg: charts fill 6 % to 94 % of the width.
const CONTENT = { left: FRAME.width * 0.06, right: FRAME.width * 0.94 };

/** The last `count` days up to 2026-11-27, as sources label them. */
function days(count: number): string[] {
  return Array.from({ length: count }, (_, index) => new Date(Date.UTC(2026, 10, 27) - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

function chartFrame(kind: 'bar-chart' | 'line-chart', labels: string[], locale?: TemplateLocale): string {
  const content = fitData({ shape: 'series', name: 'News', labels, values: labels.map((_, index) => (index * 7) % 13) }, kind, 'video');
  const template = { schemaVersion: 1, size: FRAME, fps: 25, durationSeconds: 4, brand: BRAND, ...(locale ? { locale } : {}), scenes: [{ kind, start: 0, end: 4, title: 'News per day', ...content }] };
  const checked = checkVideoTemplate(template);
  if (!checked.ok) throw new Error(checked.problems.join('\n'));
  const bound = bindVideoTemplate(checked.value);
  if (!bound.ok) throw new Error(bound.problems.join('\n'));
  // Frame 90 (3.6 s): bars grown, line drawn.
  return frameSvg(bound.value, 90);
}

interface DrawnText {
  text: string;
  left: number;
  right: number;
  baseline: number;
  size: number;
}

/** Every <text> of the frame with its extent, measured with the renderer's DejaVu widths. */
function texts(svg: string): DrawnText[] {
  return [...svg.matchAll(/<text x="([^"]+)" y="([^"]+)" font-size="([^"]+)"([^>]*)>([^<]*)<\/text>/g)].map((match) => {
    const [, x, y, size, attributes = '', text = ''] = match;
    const anchor = /text-anchor="(\w+)"/.exec(attributes)?.[1];
    const width = textWidth(text, Number(size));
    const start = Number(x) - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
    return { text, left: start, right: start + width, baseline: Number(y), size: Number(size) };
  });
}

/** The axis labels: the texts on the lowest baseline, left to right. */
function axisRow(svg: string): DrawnText[] {
  const all = texts(svg);
  const lowest = Math.max(...all.map((text) => text.baseline));
  return all.filter((text) => text.baseline === lowest).sort((a, b) => a.left - b.left);
}

function expectReadable(row: DrawnText[], pattern: RegExp): void {
  for (const label of row) {
    expect(label.text).toMatch(pattern);
    // Positions are written to a tenth of a pixel.
    expect(label.left).toBeGreaterThanOrEqual(CONTENT.left - 0.1);
    expect(label.right).toBeLessThanOrEqual(CONTENT.right + 0.1);
  }
  row.slice(1).forEach((label, index) => expect(label.left - (row[index]?.right ?? 0), `${row[index]?.text} | ${label.text}`).toBeGreaterThan(0));
}

/**
 * Rasterised by librsvg (as the video and the preview are): every column of the label row that
 * holds ink lies inside a label's measured extent, and every label has ink. With the extents
 * apart, the drawn labels neither run past their place nor into each other.
 */
async function expectInkWithin(svg: string, row: DrawnText[]): Promise<void> {
  const size = row[0]?.size ?? 0;
  const baseline = row[0]?.baseline ?? 0;
  const top = Math.floor(baseline - size);
  const { data, info } = await sharp(Buffer.from(svg)).extract({ left: 0, top, width: FRAME.width, height: Math.ceil(size * 1.3) }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const background = [0x0b, 0x1f, 0x3a];
  const inked = (x: number) => {
    for (let y = 0; y < info.height; y += 1) {
      const offset = (y * info.width + x) * 3;
      if (background.some((value, channel) => Math.abs((data[offset + channel] ?? 0) - value) > 40)) return true;
    }
    return false;
  };
  // The y axis's numbers sit left of the bars, in the same row as its lowest one: from the bars on.
  const chartLeft = Math.ceil(CONTENT.left + (CONTENT.right - CONTENT.left) * 0.08);
  const stray: number[] = [];
  for (let x = chartLeft; x < FRAME.width; x += 1) {
    if (inked(x) && !row.some((label) => x >= label.left - 2 && x <= label.right + 2)) stray.push(x);
  }
  expect(stray).toEqual([]);
  for (const label of row) {
    let ink = 0;
    for (let x = Math.ceil(label.left); x < label.right; x += 1) if (inked(x)) ink += 1;
    expect(ink, label.text).toBeGreaterThan((label.right - label.left) * 0.4);
  }
}

describe('chart axis labels at 1080p', () => {
  it('draws every day of a seven-day bar chart in full, short, in the template language', () => {
    const english = axisRow(chartFrame('bar-chart', days(7)));
    expect(english.map((label) => label.text)).toEqual(['21 Nov', '22 Nov', '23 Nov', '24 Nov', '25 Nov', '26 Nov', '27 Nov']);
    expectReadable(english, /^\d{1,2} Nov$/);
    const spanish = axisRow(chartFrame('bar-chart', days(7), 'es'));
    expect(spanish.map((label) => label.text)).toEqual(['21 nov', '22 nov', '23 nov', '24 nov', '25 nov', '26 nov', '27 nov']);
    expectReadable(spanish, /^\d{1,2} nov$/);
  });

  it('thins a crowded bar chart to every n-th day, the newest always shown, none cut or touching', async () => {
    // Sixty days arrive; a bar chart keeps the last forty.
    const svg = chartFrame('bar-chart', days(60));
    expect(svg).not.toContain('…');
    const row = axisRow(svg);
    expect(row.length).toBeGreaterThan(3);
    expect(row.length).toBeLessThan(40);
    expect(row[row.length - 1]?.text).toBe('27 Nov');
    expectReadable(row, /^\d{1,2} (Oct|Nov)$/);
    await expectInkWithin(svg, row);
  });

  it('draws the seven-day bar chart the same way once rasterised', async () => {
    const svg = chartFrame('bar-chart', days(7));
    const row = axisRow(svg);
    expect(row).toHaveLength(7);
    await expectInkWithin(svg, row);
  });

  it('labels a sixty-day line chart with whole short dates, the newest last', () => {
    const svg = chartFrame('line-chart', days(60), 'es');
    expect(svg).not.toContain('…');
    const row = axisRow(svg);
    expect(row.length).toBeGreaterThan(3);
    expect(row.length).toBeLessThanOrEqual(8);
    expect(row[row.length - 1]?.text).toBe('27 nov');
    expectReadable(row, /^\d{1,2} (sept?|oct|nov)$/);
  });

  it('keeps categories whole under their bars, smaller rather than skipped', () => {
    const labels = ['Reliance', 'Infosys', 'HDFC Bank', 'Tata Motors', 'Wipro', 'ITC', 'Adani Ports'];
    const template = { schemaVersion: 1, size: FRAME, fps: 25, durationSeconds: 4, brand: BRAND, scenes: [{ kind: 'bar-chart', start: 0, end: 4, labels, values: [3, 1, 4, 1, 5, 9, 2] }] };
    const checked = checkVideoTemplate(template);
    if (!checked.ok) throw new Error(checked.problems.join('\n'));
    const bound = bindVideoTemplate(checked.value);
    if (!bound.ok) throw new Error(bound.problems.join('\n'));
    const row = axisRow(frameSvg(bound.value, 90));
    expect(row.map((label) => label.text)).toEqual(labels);
    expectReadable(row, /^[A-Za-z ]+$/);
  });
});

describe('axisLabels', () => {
  it('writes ISO days and weeks short, with the year when they span two, and leaves other text alone', () => {
    expect(axisLabels(['2026-11-21', '2026-11-22'])).toEqual({ texts: ['21 Nov', '22 Nov'], dates: true });
    expect(axisLabels(['2025-12-31', '2026-01-01'], 'es').texts).toEqual(['31 dic 25', '1 ene 26']);
    // ISO week 2026-W48 starts on Monday 23 November; 2026-W01 on 29 December 2025.
    expect(axisLabels(['2026-W47', '2026-W48']).texts).toEqual(['16 Nov', '23 Nov']);
    expect(axisLabels(['2026-W01']).texts).toEqual(['29 Dec']);
    expect(axisLabels(['2026-11-21', 'total'])).toEqual({ texts: ['2026-11-21', 'total'], dates: false });
    expect(axisLabels(['2026-02-31']).dates).toBe(false);
  });

  it('accepts only the app languages as a template locale', () => {
    const template = { schemaVersion: 1, size: FRAME, fps: 25, durationSeconds: 1, brand: BRAND, scenes: [] };
    expect(checkVideoTemplate({ ...template, locale: 'es' }).ok).toBe(true);
    expect(checkVideoTemplate({ ...template, locale: 'fr' }).ok).toBe(false);
  });
});
