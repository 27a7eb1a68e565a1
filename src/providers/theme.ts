import { theme, type ThemeConfig } from 'antd';
import type { Radius, ThemeColor, ThemeMode } from '../../common/config/values';
import { AA_LARGE, bestText, readable, readableSeed } from '../shell/contrast';
import { primarySeed, SURFACES, surfacesOf } from '../shell/palette';

export interface ThemeChoice {
  theme: ThemeColor;
  themeMode: ThemeMode;
  radius: Radius;
}

/** antd's preset colours (Tag color="green" and the like): text in shade 7 on shade 1. */
const PRESET_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

/** Tokens antd writes as text on the page's surfaces: its defaults are too pale in light mode (45 %, 25 % grey, #52c41a). */
const TEXT_TOKENS = ['colorTextDescription', 'colorTextPlaceholder', 'colorSuccessText', 'colorWarningText', 'colorErrorText', 'colorInfoText'] as const;

/**
 * antd tokens for a palette, a mode (the dark algorithm) and a radius. Every
 * colour antd writes text in is derived to reach WCAG AA (4.5:1) on the
 * surfaces it sits on, for any palette colour; tests/unit/shell/contrast.test.ts
 * measures each pair.
 */
export function themeOf(choice: ThemeChoice): ThemeConfig {
  const mode = choice.themeMode === 'dark' ? 'dark' : 'light';
  const algorithm = mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
  const surfaces = surfacesOf(mode);
  const seeds = {
    colorPrimary: primarySeed(choice.theme, mode),
    // Form messages and danger buttons write the error colour as text.
    colorError: readableSeed(theme.defaultSeed.colorError, mode, surfaces),
  };
  const derived = theme.getDesignToken({ algorithm, token: seeds });
  const shades = derived as unknown as Record<string, string>;
  const token: ThemeConfig['token'] = {
    ...seeds,
    // Links follow the palette too (antd's default link blue would ignore it), and
    // stay readable in selected table rows.
    colorLink: readableSeed(seeds.colorPrimary, mode, [...surfaces, derived.colorPrimaryBg]),
    ...Object.fromEntries(TEXT_TOKENS.map((key) => [key, readable(derived[key], surfaces)])),
    ...Object.fromEntries(PRESET_COLORS.map((color) => [`${color}7`, readable(shades[`${color}7`] ?? '', [shades[`${color}1`] ?? ''])])),
    borderRadius: choice.radius === 'flat' ? 0 : 6,
  };
  // Light primaries take white text; the lighter dark-mode ones take the dark surface's colour.
  const onPrimary = bestText(['#ffffff', SURFACES[mode].container], [derived.colorPrimary]);
  return {
    algorithm,
    token,
    components: {
      // The selected item writes primary text on a primary tint.
      Menu: { itemSelectedColor: readable(derived.colorPrimary, [derived.colorPrimaryBg]) },
      Button: { primaryColor: onPrimary },
      // The chosen day of a date picker, and a ticked box, sit on the primary colour.
      DatePicker: { colorTextLightSolid: onPrimary },
      Checkbox: { colorWhite: readable(onPrimary, [derived.colorPrimary], AA_LARGE) },
      // A table writes its empty message (and its filter's "Not Found") in the disabled grey, 1.8:1.
      Table: { colorTextDisabled: String(token.colorTextDescription) },
    },
  };
}
