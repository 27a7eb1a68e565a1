import { DIRECTIONS, LANGUAGES, RADII, THEME_COLORS, THEME_MODES } from '../../common/config/values';
import { DIRECTION_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from '../i18n/locales';
import { NOT_LOGIN_PATHS, PRERENDER_ATTRIBUTE, PRERENDERED_LOOK } from '../../common/config/prerendered-look';
import { SESSION_KEYS } from '../providers/session-store';
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
 * stored values are ignored: the app then applies the configured defaults. It also says
 * whether index.html's drawing of the login page is this reader's first screen: not when
 * their look differs from the drawing's, a session is open or the route is another public page.
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
  var look = {
    theme: theme,
    themeMode: mode,
    radius: read(KEYS.radius, ${json(RADII)}, ${json(BUILT_IN_PREFERENCES.radius)}),
    language: read(${json(LANGUAGE_STORAGE_KEY)}, ${json(LANGUAGES)}, root.getAttribute('lang') || 'en'),
    direction: read(${json(DIRECTION_STORAGE_KEY)}, ${json(DIRECTIONS)}, root.getAttribute('dir') || 'ltr')
  };
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-theme-mode', mode);
  root.setAttribute('data-radius', look.radius);
  root.setAttribute('lang', look.language);
  root.setAttribute('dir', look.direction);

  var drawn = ${json(PRERENDERED_LOOK)};
  var path = window.location.hash.replace(/^#/, '').split('?')[0];
  var session = null;
  try {
    session = window.sessionStorage.getItem(${json(SESSION_KEYS.accessToken)});
  } catch {
    // No session storage: no session either.
  }
  var fits = !session && ${json(NOT_LOGIN_PATHS)}.indexOf(path) < 0;
  for (var key in drawn) if (drawn[key] !== look[key]) fits = false;
  if (!fits) root.setAttribute(${json(PRERENDER_ATTRIBUTE)}, 'off');
  root.style.backgroundColor = BACKGROUND[mode];
  root.style.color = TEXT[mode];
  root.style.colorScheme = mode;
  root.style.setProperty('--boot-primary', PRIMARY[mode][theme]);
})();
`;
}
