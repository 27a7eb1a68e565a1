import type { AppDefaults } from '../../common/config/schema';
import { RADII, THEME_COLORS, THEME_MODES, type Radius, type ThemeColor, type ThemeMode } from '../../common/config/values';

// The reader's look-and-feel choices outlive the session, so they live in
// localStorage next to `language` and `direction` (src/i18n/locales.ts). The
// runtime config supplies the defaults; anything unknown in storage (an old
// build's value, a hand edit) falls back to them instead of breaking the page.
export const PREFERENCE_KEYS = {
  theme: 'theme',
  themeMode: 'themeMode',
  radius: 'radius',
  menuMode: 'menuMode',
} as const;

/**
 * Side-menu display modes, applied as the menu's class. Narrow screens degrade
 * any mode: below 1440 px sub-menus hide, below 768 px the menu hides.
 */
export const MENU_MODES = ['menu-default', 'menu-sub-hidden', 'menu-hidden'] as const;
export type MenuMode = (typeof MENU_MODES)[number];

export interface Preferences {
  theme: ThemeColor;
  themeMode: ThemeMode;
  radius: Radius;
  menuMode: MenuMode;
}

export const BUILT_IN_PREFERENCES: Preferences = {
  theme: 'blueolympic',
  themeMode: 'light',
  radius: 'rounded',
  menuMode: 'menu-default',
};

type PreferenceDefaults = Pick<AppDefaults, 'theme' | 'themeMode' | 'radius' | 'menuClass'>;

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** The config's defaults, each checked again: the preferences must never be invalid. */
export function defaultPreferences(defaults: PreferenceDefaults): Preferences {
  return {
    theme: oneOf(THEME_COLORS, defaults.theme) ? defaults.theme : BUILT_IN_PREFERENCES.theme,
    themeMode: oneOf(THEME_MODES, defaults.themeMode) ? defaults.themeMode : BUILT_IN_PREFERENCES.themeMode,
    radius: oneOf(RADII, defaults.radius) ? defaults.radius : BUILT_IN_PREFERENCES.radius,
    menuMode: oneOf(MENU_MODES, defaults.menuClass) ? defaults.menuClass : BUILT_IN_PREFERENCES.menuMode,
  };
}

/** Stored choices where they are valid, the defaults otherwise. */
export function readStoredPreferences(
  defaults: PreferenceDefaults,
  storage: Storage | undefined = safeLocalStorage(),
): Preferences {
  const fallback = defaultPreferences(defaults);
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const theme = read(PREFERENCE_KEYS.theme);
  const themeMode = read(PREFERENCE_KEYS.themeMode);
  const radius = read(PREFERENCE_KEYS.radius);
  const menuMode = read(PREFERENCE_KEYS.menuMode);
  return {
    theme: oneOf(THEME_COLORS, theme) ? theme : fallback.theme,
    themeMode: oneOf(THEME_MODES, themeMode) ? themeMode : fallback.themeMode,
    radius: oneOf(RADII, radius) ? radius : fallback.radius,
    menuMode: oneOf(MENU_MODES, menuMode) ? menuMode : fallback.menuMode,
  };
}

export function storePreferences(preferences: Preferences, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    for (const key of Object.values(PREFERENCE_KEYS)) storage?.setItem(key, preferences[key]);
  } catch {
    // Storage full or refused: the choice holds for this page only.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
