import { generate } from '@ant-design/colors';
import { FastColor } from '@ant-design/fast-color';
import type { ThemeMode } from '../../common/config/values';

// WCAG 2 contrast, and the nearest colour that reaches it. Text colours are
// derived here rather than picked by hand, so that a new palette colour or mode
// passes AA without anyone measuring it.

/** WCAG AA for body text. */
export const AA_TEXT = 4.5;
/** WCAG AA for large text and for the parts of a control that show its state. */
export const AA_LARGE = 3;

function format(color: FastColor): string {
  return color.a < 1 ? color.toRgbString() : color.toHexString();
}

/** The contrast ratio of `foreground` (its alpha laid over the background) on an opaque `background`. */
export function contrast(foreground: string, background: string): number {
  const under = new FastColor(background);
  const [light, dark] = [new FastColor(foreground).onBackground(under).getLuminance(), under.getLuminance()].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const worst = (color: string, backgrounds: readonly string[]) => Math.min(...backgrounds.map((background) => contrast(color, background)));

/**
 * The least shift of `color` toward black or white (whichever the backgrounds
 * set off better), in 1 % steps of the way there, whose `shown` colour reaches
 * `minimum` on every background. Only lightness (and the opacity of a
 * translucent grey) moves: a lightened link keeps the palette's hue and
 * saturation rather than fading to grey. Contrast grows with the shift, so a
 * binary search finds it in seven tries; it runs on every theme change.
 */
function nearest(color: string, backgrounds: readonly string[], minimum: number, shown: (candidate: string) => string): string {
  const passes = (candidate: string) => worst(shown(candidate), backgrounds) >= minimum;
  if (passes(color)) return color;
  const { h, s, l, a } = new FastColor(color).toHsl();
  const target = worst('#000000', backgrounds) >= worst('#ffffff', backgrounds) ? 0 : 1;
  const shifted = (amount: number) => format(new FastColor({ h, s, l: l + ((target - l) * amount) / 100, a: a + ((1 - a) * amount) / 100 }));
  let [low, high] = [0, 100];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (passes(shifted(middle))) high = middle;
    else low = middle;
  }
  const found = shifted(high);
  if (!passes(found)) throw new Error(`no shade of ${color} reaches ${minimum}:1 on ${backgrounds.join(', ')}`);
  return found;
}

/** `color` where it already reads on every background, else the nearest darker or lighter shade that does. */
export function readable(color: string, backgrounds: readonly string[], minimum = AA_TEXT): string {
  return nearest(color, backgrounds, minimum, (candidate) => candidate);
}

/**
 * The colour antd shows for a seed (colorPrimary, colorError, colorLink…): the
 * seed itself in the light algorithm, a shade of its dark palette in the dark one.
 */
export function shownColor(seed: string, mode: ThemeMode): string {
  return (mode === 'dark' ? generate(seed, { theme: 'dark' }) : generate(seed))[5] ?? seed;
}

/** A seed for antd's algorithm whose shown colour reads as text on every background. */
export function readableSeed(seed: string, mode: ThemeMode, backgrounds: readonly string[], minimum = AA_TEXT): string {
  return nearest(seed, backgrounds, minimum, (candidate) => shownColor(candidate, mode));
}

/** Of the candidates, the text colour that contrasts most with every background. */
export function bestText(candidates: readonly string[], backgrounds: readonly string[]): string {
  const [best] = [...candidates].sort((a, b) => worst(b, backgrounds) - worst(a, backgrounds));
  return best ?? '#000000';
}
