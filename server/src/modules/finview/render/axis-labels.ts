import type { TemplateLocale } from '../../../../../common/domains/finview/template.js';
import { fitText, textWidth } from './svg-text';

// A chart's axis labels as they are drawn. Sources label days as ISO dates (2026-11-21) and weeks
// as ISO weeks (2026-W47): ten characters that do not fit under a bar of a seven-day chart, so a
// chart whose labels are all dates shows them as short dates in the render's locale ("21 Nov",
// "21 nov"), and when even those would touch, only every n-th one, counted back from the newest.
// Other labels (categories) are never skipped: they are shortened to fit under their own bar.

// Day before month ("21 Nov"), as the firms this app serves write dates: en-GB rather than en-US's "Nov 21".
const INTL_LOCALE: Record<TemplateLocale, string> = { en: 'en-GB', es: 'es' };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_WEEK = /^(\d{4})-W(\d{2})$/;
const DAY_MS = 86_400_000;

/** The instant (UTC midnight) a date label names: a day, or the Monday of an ISO week; null for any other text. */
function dateOf(label: string): number | null {
  const day = ISO_DAY.exec(label);
  if (day) {
    const time = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    // Date.UTC rolls 2026-02-31 over to March: such a label is text, not a date.
    return new Date(time).toISOString().slice(0, 10) === label ? time : null;
  }
  const week = ISO_WEEK.exec(label);
  if (!week || Number(week[2]) < 1 || Number(week[2]) > 53) return null;
  // Week 1 is the one holding 4 January; its Monday is where the count starts.
  const fourth = Date.UTC(Number(week[1]), 0, 4);
  const mondayOfWeek1 = fourth - ((new Date(fourth).getUTCDay() + 6) % 7) * DAY_MS;
  return mondayOfWeek1 + (Number(week[2]) - 1) * 7 * DAY_MS;
}

export interface AxisLabels {
  texts: string[];
  /** The labels are a sequence of dates: some may be left out when crowded. */
  dates: boolean;
}

/** Labels as a chart draws them: all-date labels shortened ("21 Nov"; "21 Nov 25" when they span years). */
export function axisLabels(labels: readonly string[], locale: TemplateLocale = 'en'): AxisLabels {
  const times = labels.map(dateOf);
  if (labels.length === 0 || times.some((time) => time === null)) return { texts: [...labels], dates: false };
  const years = new Set(times.map((time) => new Date(time ?? 0).getUTCFullYear()));
  const format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    day: 'numeric',
    month: 'short',
    ...(years.size > 1 ? { year: '2-digit' as const } : {}),
    timeZone: 'UTC',
  });
  return { texts: times.map((time) => format.format(time ?? 0)), dates: true };
}

export interface Tick {
  text: string;
  /** Centre of the text (drawn with text-anchor middle). */
  x: number;
}

interface TickLayout {
  /** Where label `index` belongs (its bar's or point's centre). */
  xOf(index: number): number;
  /** Labels stay within [left, right] (the chart's area): a label at an end moves in rather than out. */
  left: number;
  right: number;
  size: number;
  /** Draw at least every step-th label and no more than that (the line chart's at-most-eight). */
  minStep?: number;
}

/**
 * Every step-th label counted back from the last (the newest date always shows), at the smallest
 * step from `minStep` at which no two drawn labels come closer than half the font size. A label
 * wider than the whole area is shortened with an ellipsis (it would be at any step).
 */
export function thinnedTicks(texts: readonly string[], layout: TickLayout): Tick[] {
  const { left, right, size } = layout;
  const gap = size * 0.5;
  const fitted = texts.map((text) => fitText(text, size, right - left));
  const widths = fitted.map((text) => textWidth(text, size));
  const place = (index: number): Tick & { width: number } => {
    const width = widths[index] ?? 0;
    const x = Math.min(right - width / 2, Math.max(left + width / 2, layout.xOf(index)));
    return { text: fitted[index] ?? '', x, width };
  };
  const count = texts.length;
  for (let step = Math.max(1, layout.minStep ?? 1); step <= count; step += 1) {
    const ticks: Array<Tick & { width: number }> = [];
    let clear = true;
    for (let index = count - 1; index >= 0 && clear; index -= step) {
      const tick = place(index);
      const previous = ticks[ticks.length - 1];
      // `previous` is the one to the right of this one.
      if (previous && tick.x + tick.width / 2 + gap > previous.x - previous.width / 2) clear = false;
      ticks.push(tick);
    }
    if (clear) return ticks.reverse().map(({ text, x }) => ({ text, x }));
  }
  return count === 0 ? [] : [place(count - 1)].map(({ text, x }) => ({ text, x }));
}
