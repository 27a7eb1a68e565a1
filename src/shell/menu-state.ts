import type { MenuMode } from './preferences';

// Below these widths the menu gives up space: first the sub-menus (areas open
// as pop-ups instead of inline), then the whole menu (a drawer opens it).
export const SUB_MENU_MIN_WIDTH = 1440;
export const MENU_MIN_WIDTH = 768;

// max-width queries, so a browser without layout (jsdom's matchMedia answers
// false) gets the full desktop menu.
export const BELOW_SUB_MENU_WIDTH = `(max-width: ${SUB_MENU_MIN_WIDTH - 0.02}px)`;
export const BELOW_MENU_WIDTH = `(max-width: ${MENU_MIN_WIDTH - 0.02}px)`;

/** What the side menu shows: everything, areas only (items in pop-ups), or nothing (a drawer). */
export type MenuState = 'default' | 'sub-hidden' | 'hidden';

/** The chosen mode, degraded by the screen width; a narrow screen never gets a wider menu than chosen. */
export function menuStateOf(mode: MenuMode, { belowSubMenuWidth, belowMenuWidth }: { belowSubMenuWidth: boolean; belowMenuWidth: boolean }): MenuState {
  if (mode === 'menu-hidden' || belowMenuWidth) return 'hidden';
  if (mode === 'menu-sub-hidden' || belowSubMenuWidth) return 'sub-hidden';
  return 'default';
}
