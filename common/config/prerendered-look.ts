import type { Direction, Language } from './schema';
import type { Radius, ThemeColor, ThemeMode } from './values';

// Plain values the server reads too (server/src/modules/web/spa.ts), so they live in common/config.

/**
 * The look index.html's drawing of the login page is made in (src/prerender/login-markup.tsx):
 * the boot script shows it only to a reader whose stored choices give this look, and the
 * server sends the page without it when the configuration's defaults give another.
 * It is the built-in preferences' look (src/shell/preferences.ts): the boot script's test
 * shows the drawing to a visitor with nothing stored, which fails if the two part.
 */
export const PRERENDERED_LOOK = {
  language: 'en',
  direction: 'ltr',
  theme: 'blueolympic',
  themeMode: 'light',
  radius: 'rounded',
} as const satisfies { language: Language; direction: Direction; theme: ThemeColor; themeMode: ThemeMode; radius: Radius };

/** The built page without the drawing, beside index.html (written by src/prerender/index-html.ts). */
export const PLAIN_INDEX = 'index-no-prerender.html';

/** The attribute on <html> the boot script sets to "off" when the drawing is not for this reader. */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

/** Routes whose first screen is not the login page, even for a visitor. */
export const NOT_LOGIN_PATHS = ['/register', '/forgot-password'] as const;
