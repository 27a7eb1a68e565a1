import type { ThemeColor, ThemeMode } from '../../common/config/values';
import { readableSeed, shownColor } from './contrast';

// The primary colour of each configured palette; antd derives every other
// shade (and the dark variant, through its dark algorithm) from it. Shades are
// dark enough for white text on a primary button to reach WCAG AA (4.5:1).
// index.html's boot script is written from this file (vite.config.ts), so the page paints
// the same colours before the app loads.
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

/**
 * antd's colorBgContainer, colorBgElevated (drawers, modals, pop-ups) and
 * colorBgLayout under each algorithm: the surfaces text sits on.
 */
export const SURFACES: Record<ThemeMode, { container: string; elevated: string; layout: string }> = {
  light: { container: '#ffffff', elevated: '#ffffff', layout: '#f5f5f5' },
  dark: { container: '#141414', elevated: '#1f1f1f', layout: '#000000' },
};

export const surfacesOf = (mode: ThemeMode): string[] => Object.values(SURFACES[mode]);

/** antd's colorBgLayout under each algorithm: what the page shows before and around the app. */
export const BACKGROUND: Record<ThemeMode, string> = {
  light: SURFACES.light.layout,
  dark: SURFACES.dark.layout,
};

/** antd's colorText under each algorithm, for text outside antd components. */
export const TEXT: Record<ThemeMode, string> = {
  light: 'rgba(0,0,0,0.88)',
  dark: 'rgba(255,255,255,0.85)',
};

/**
 * The seed given to antd for a palette in a mode. antd writes the primary
 * colour as text (links, the selected page, pagination, checked options), so it
 * must read on every surface: the dark algorithm keeps a dark seed dark, and a
 * navy on black is unreadable, so dark mode gets the nearest lighter shade.
 */
export function primarySeed(color: ThemeColor, mode: ThemeMode): string {
  return readableSeed(PRIMARY[color] ?? PRIMARY.blueolympic, mode, surfacesOf(mode));
}

/** The primary colour antd shows for a palette in a mode (token colorPrimary). */
export function primaryShown(color: ThemeColor, mode: ThemeMode): string {
  return shownColor(primarySeed(color, mode), mode);
}
