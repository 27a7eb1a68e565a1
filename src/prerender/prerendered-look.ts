import type { Locale } from '../i18n/locales';
import { BUILT_IN_PREFERENCES } from '../shell/preferences';

/**
 * The look index.html's drawing of the login page is made in (src/prerender/login-markup.tsx):
 * the boot script shows it only to a reader whose stored choices give this look, and the
 * server sends the page without it when the configuration's defaults give another.
 */
export const PRERENDERED_LOOK = {
  language: 'en',
  direction: 'ltr',
  theme: BUILT_IN_PREFERENCES.theme,
  themeMode: BUILT_IN_PREFERENCES.themeMode,
  radius: BUILT_IN_PREFERENCES.radius,
} as const satisfies Locale & Record<string, string>;

/** The attribute on <html> the boot script sets to "off" when the drawing is not for this reader. */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

/** Routes whose first screen is not the login page, even for a visitor. */
export const NOT_LOGIN_PATHS = ['/register', '/forgot-password'] as const;
