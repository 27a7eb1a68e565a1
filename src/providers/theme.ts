import { theme, type ThemeConfig } from 'antd';
import type { Radius, ThemeColor, ThemeMode } from '../config/values';
import { PRIMARY } from '../shell/palette';

export interface ThemeChoice {
  theme: ThemeColor;
  themeMode: ThemeMode;
  radius: Radius;
}

// antd's descriptive grey (45 % black) misses WCAG AA on white; the secondary
// grey (65 %) passes, in both modes.
const DESCRIPTION_TEXT: Record<ThemeMode, string> = {
  light: 'rgba(0, 0, 0, 0.65)',
  dark: 'rgba(255, 255, 255, 0.65)',
};

/** antd tokens for a palette, a mode (the dark algorithm) and a radius. */
export function themeOf(choice: ThemeChoice): ThemeConfig {
  const primary = PRIMARY[choice.theme] ?? PRIMARY.blueolympic;
  const algorithm = choice.themeMode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
  const token = {
    colorPrimary: primary,
    // Links follow the palette too; antd's default link blue would ignore it.
    colorLink: primary,
    colorTextDescription: DESCRIPTION_TEXT[choice.themeMode] ?? DESCRIPTION_TEXT.light,
    borderRadius: choice.radius === 'flat' ? 0 : 6,
  };
  // The selected menu item writes primary text on a primary tint; the pressed
  // shade keeps that readable (AA) where the primary itself would not be.
  const { colorPrimaryActive } = theme.getDesignToken({ algorithm, token });
  return {
    algorithm,
    token,
    components: { Menu: { itemSelectedColor: colorPrimaryActive } },
  };
}
