import type { ThemeColor, ThemeMode } from '../config/values';

// The primary colour of each configured palette; antd derives every other
// shade (and the dark variant, through its dark algorithm) from it. Shades are
// dark enough for white text on a primary button to reach WCAG AA (4.5:1).
// public/boot.js repeats these values to paint before the app loads; a unit
// test keeps the two equal.
export const PRIMARY: Record<ThemeColor, string> = {
  bluenavy: '#1f3a68',
  blueyale: '#0f4d92',
  blueolympic: '#007ab7',
  greenmoss: '#5b7f3a',
  greenlime: '#568019',
  purplemonster: '#6f42c1',
  orangecarrot: '#be5515',
  redruby: '#c0143c',
  yellowgranola: '#956f13',
  greysteel: '#5f6b7a',
};

/** antd's colorBgLayout under each algorithm: what the page shows before and around the app. */
export const BACKGROUND: Record<ThemeMode, string> = {
  light: '#f5f5f5',
  dark: '#000000',
};

/** antd's colorText under each algorithm, for text outside antd components. */
export const TEXT: Record<ThemeMode, string> = {
  light: 'rgba(0,0,0,0.88)',
  dark: 'rgba(255,255,255,0.85)',
};
