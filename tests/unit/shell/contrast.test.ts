import { FastColor } from '@ant-design/fast-color';
import { theme, type ThemeConfig } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS, THEME_MODES, type ThemeColor, type ThemeMode } from '../../../common/config/values';
import { themeOf } from '../../../src/providers/theme';
import { AA_LARGE, AA_TEXT, contrast, readable, readableSeed, shownColor } from '../../../src/shell/contrast';
import { primaryShown, SURFACES } from '../../../src/shell/palette';

// Every colour pair the UI writes text in, measured on the tokens antd itself
// computes (getDesignToken runs the light or dark algorithm), for all twenty
// palette × mode combinations.

interface Pair {
  what: string;
  foreground: string;
  background: string;
  minimum: number;
}

const PRESET_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];

/** Text antd writes straight on the page's surfaces, by token. */
const ON_SURFACES: [what: string, token: string][] = [
  ['text', 'colorText'],
  ['headings', 'colorTextHeading'],
  ['secondary text', 'colorTextSecondary'],
  ['descriptions, empty states', 'colorTextDescription'],
  ['placeholders', 'colorTextPlaceholder'],
  ['links', 'colorLink'],
  // Pagination's current page, checked radio buttons, the brand, sorters, the area of the selected page.
  ['primary as text', 'colorPrimary'],
  ['form errors, danger buttons', 'colorError'],
  ['Typography danger', 'colorErrorText'],
  ['Typography success', 'colorSuccessText'],
  ['Typography warning', 'colorWarningText'],
  ['info text', 'colorInfoText'],
];

/** An rgba fill laid over the surface under it, as the browser paints it. */
const over = (fill: string, under: string) => new FastColor(fill).onBackground(new FastColor(under)).toHexString();

function pairsOf(config: ThemeConfig): Pair[] {
  const token = theme.getDesignToken(config) as unknown as Record<string, string> & ReturnType<typeof theme.getDesignToken>;
  const components = config.components ?? {};
  const surfaces = { container: token.colorBgContainer, elevated: token.colorBgElevated, layout: token.colorBgLayout };
  const selected = token.controlItemBgActive;
  return [
    ...ON_SURFACES.flatMap(([what, key]) =>
      Object.entries(surfaces).map(([surface, background]) => ({ what: `${what} on ${surface}`, foreground: token[key] ?? '', background, minimum: AA_TEXT })),
    ),
    { what: 'link in a selected table row', foreground: token.colorLink, background: selected, minimum: AA_TEXT },
    { what: 'text in a selected row or option', foreground: token.colorText, background: selected, minimum: AA_TEXT },
    {
      what: 'selected menu item',
      foreground: String(components.Menu?.itemSelectedColor ?? token.colorPrimary),
      background: String(components.Menu?.itemSelectedBg ?? selected),
      minimum: AA_TEXT,
    },
    { what: 'primary button', foreground: String(components.Button?.primaryColor ?? token.colorTextLightSolid), background: token.colorPrimary, minimum: AA_TEXT },
    {
      what: 'chosen day in a date picker',
      foreground: String(components.DatePicker?.colorTextLightSolid ?? token.colorTextLightSolid),
      background: token.colorPrimary,
      minimum: AA_TEXT,
    },
    { what: 'table header', foreground: token.colorTextHeading, background: over(token.colorFillAlter, token.colorBgContainer), minimum: AA_TEXT },
    { what: 'empty table message', foreground: String(components.Table?.colorTextDisabled ?? token.colorTextDisabled), background: token.colorBgContainer, minimum: AA_TEXT },
    { what: 'default tag', foreground: token.colorText, background: over(token.colorFillQuaternary, token.colorBgContainer), minimum: AA_TEXT },
    ...PRESET_COLORS.map((color) => ({
      what: `${color} tag`,
      foreground: token[`${color}7`] ?? '',
      background: token[`${color}1`] ?? '',
      minimum: AA_TEXT,
    })),
    // Non-text contrast (WCAG 1.4.11): a ticked box, the focus ring and icons in the primary colour.
    { what: 'tick of a checked box', foreground: String(components.Checkbox?.colorWhite ?? token.colorWhite), background: token.colorPrimary, minimum: AA_LARGE },
  ];
}

const COMBINATIONS = THEME_MODES.flatMap((mode) => THEME_COLORS.map((color) => [color, mode] as [ThemeColor, ThemeMode]));

describe('contrast', () => {
  it('is the WCAG ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // Alpha is laid over the background first: 88 % black on white.
    expect(contrast('rgba(0,0,0,0.88)', '#ffffff')).toBeCloseTo(contrast('#1f1f1f', '#ffffff'), 1);
  });

  it('readable keeps a colour that reads and moves one that does not toward black or white', () => {
    expect(readable('#1f3a68', ['#ffffff'])).toBe('#1f3a68');
    const onDark = readable('#1f3a68', ['#141414']);
    expect(contrast(onDark, '#141414')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(new FastColor(onDark).getLuminance()).toBeGreaterThan(new FastColor('#1f3a68').getLuminance());
    const placeholder = readable('rgba(0,0,0,0.25)', ['#ffffff', '#f5f5f5']);
    expect(Math.min(contrast(placeholder, '#ffffff'), contrast(placeholder, '#f5f5f5'))).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('readableSeed gives a seed whose dark-algorithm colour reads on the dark surfaces', () => {
    const seed = readableSeed('#1f3a68', 'dark', Object.values(SURFACES.dark));
    expect(shownColor(seed, 'dark')).toBe(theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorPrimary: seed } }).colorPrimary);
    for (const surface of Object.values(SURFACES.dark)) expect(contrast(shownColor(seed, 'dark'), surface)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('palette surfaces', () => {
  it.each(THEME_MODES)('are the ones antd paints in %s mode', (mode) => {
    const token = theme.getDesignToken({ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm });
    expect({ container: token.colorBgContainer, elevated: token.colorBgElevated, layout: token.colorBgLayout }).toEqual(SURFACES[mode]);
  });

  it.each(COMBINATIONS)('%s %s: primaryShown is what antd shows as colorPrimary', (color, mode) => {
    expect(theme.getDesignToken(themeOf({ theme: color, themeMode: mode, radius: 'rounded' })).colorPrimary).toBe(primaryShown(color, mode));
  });
});

describe('every theme and mode reaches WCAG AA', () => {
  it.each(COMBINATIONS)('%s %s', (color, mode) => {
    const failing = pairsOf(themeOf({ theme: color, themeMode: mode, radius: 'rounded' }))
      .map((pair) => ({ ...pair, ratio: Math.round(contrast(pair.foreground, pair.background) * 100) / 100 }))
      .filter((pair) => pair.ratio < pair.minimum)
      .map((pair) => `${pair.what}: ${pair.foreground} on ${pair.background} is ${pair.ratio}:1, under ${pair.minimum}:1`);
    expect(failing).toEqual([]);
  });
});
