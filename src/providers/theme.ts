import { theme, type ThemeConfig } from 'antd';
import type { AppDefaults, ThemeColor } from '../config/schema';

// The configuration names a palette; antd derives every other shade from the primary colour.
const PRIMARY: Record<ThemeColor, string> = {
  bluenavy: '#1f3a68',
  blueyale: '#0f4d92',
  blueolympic: '#0085c7',
  greenmoss: '#5b7f3a',
  greenlime: '#6a9e1f',
  purplemonster: '#6f42c1',
  orangecarrot: '#e8681a',
  redruby: '#c0143c',
  yellowgranola: '#c9961a',
  greysteel: '#5f6b7a',
};

export function themeOf(defaults: Pick<AppDefaults, 'theme' | 'themeMode' | 'radius'>): ThemeConfig {
  return {
    algorithm: defaults.themeMode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: PRIMARY[defaults.theme], borderRadius: defaults.radius === 'flat' ? 0 : 6 },
  };
}
