import { DIRECTIONS, LANGUAGES, RADII, THEME_COLORS, THEME_MODES } from '../config/values';
import { DIRECTION_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from '../i18n/locales';
import { BACKGROUND, primaryShown, TEXT } from './palette';
import { BUILT_IN_PREFERENCES, PREFERENCE_KEYS } from './preferences';

/** The primary colour antd shows for each palette, per mode: the spinner and focus rings before the app runs. */
export function bootPalette(): Record<(typeof THEME_MODES)[number], Record<string, string>> {
  const shown = (mode: (typeof THEME_MODES)[number]) => Object.fromEntries(THEME_COLORS.map((color) => [color, primaryShown(color, mode)]));
  return { light: shown('light'), dark: shown('dark') };
}

/**
 * The script index.html runs in <head> before the app's bundle, so a reload
 * paints the reader's theme, language and direction from the first frame (no
 * light flash before a dark theme). Inline (vite.config.ts), allowed by the
 * CSP through its sha256, which the server takes from the built page. Its colours, stored keys and defaults
 * are written in from src/shell, so it cannot drift from the app. Unknown
 * stored values are ignored: the app then applies the configured defaults.
 */
export function bootScript(): string {
  const json = (value: unknown) => JSON.stringify(value);
  return `(function () {
  var PRIMARY = ${json(bootPalette())};
  var BACKGROUND = ${json(BACKGROUND)};
  var TEXT = ${json(TEXT)};
  var KEYS = ${json(PREFERENCE_KEYS)};

  function read(key, allowed, fallback) {
    try {
      var value = window.localStorage.getItem(key);
      return allowed.indexOf(value) >= 0 ? value : fallback;
    } catch {
      // Storage refused (privacy mode, a sandboxed frame): the defaults apply.
      return fallback;
    }
  }

  var root = document.documentElement;
  var theme = read(KEYS.theme, ${json(THEME_COLORS)}, ${json(BUILT_IN_PREFERENCES.theme)});
  var mode = read(KEYS.themeMode, ${json(THEME_MODES)}, ${json(BUILT_IN_PREFERENCES.themeMode)});
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-theme-mode', mode);
  root.setAttribute('data-radius', read(KEYS.radius, ${json(RADII)}, ${json(BUILT_IN_PREFERENCES.radius)}));
  root.setAttribute('lang', read(${json(LANGUAGE_STORAGE_KEY)}, ${json(LANGUAGES)}, root.getAttribute('lang') || 'en'));
  root.setAttribute('dir', read(${json(DIRECTION_STORAGE_KEY)}, ${json(DIRECTIONS)}, root.getAttribute('dir') || 'ltr'));
  root.style.backgroundColor = BACKGROUND[mode];
  root.style.color = TEXT[mode];
  root.style.colorScheme = mode;
  root.style.setProperty('--boot-primary', PRIMARY[mode][theme]);
})();
`;
}
