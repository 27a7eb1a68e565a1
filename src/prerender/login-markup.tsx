import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { AuthProvider } from '@refinedev/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../i18n/i18n';
import { LocaleProvider } from '../i18n/locale-provider';
import LoginPage from '../pages/auth/login-page';
import { AuthActionsProvider } from '../providers/auth-actions';
import { BUILT_IN_PREFERENCES } from '../shell/preferences';
import { PreferencesProvider } from '../shell/preferences-provider';
import { PRERENDERED_LOOK } from '../../common/config/prerendered-look';

// The look the boot script and the server check a reader's against.
const LOCALE = { language: PRERENDERED_LOOK.language, direction: PRERENDERED_LOOK.direction };
const PREFERENCES = { ...BUILT_IN_PREFERENCES, theme: PRERENDERED_LOOK.theme, themeMode: PRERENDERED_LOOK.themeMode, radius: PRERENDERED_LOOK.radius };

// Never called: nothing is sent from the drawing, its button cannot submit.
const INERT_AUTH: AuthProvider = {
  login: () => Promise.resolve({ success: false }),
  logout: () => Promise.resolve({ success: true }),
  check: () => Promise.resolve({ authenticated: false }),
  onError: () => Promise.resolve({}),
};

/**
 * The login page as the app first renders it in the built-in look (English, left to right,
 * the default palette, light), with the CSS antd writes for it. index.html shows it while the
 * app's code is on its way, and the app's first render takes its place: the first paint does
 * not wait for 190 KiB of scripts. Its submit button is a plain button, so Enter or a click
 * before the app runs cannot send the password as a query string; what is typed into the
 * drawing is kept (usePlainForm in src/pages/auth/plain-form.tsx).
 */
export function loginMarkup(): { html: string; css: string } {
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <LocaleProvider i18n={createI18n(LOCALE.language, LOCALE.direction)} initial={LOCALE}>
        <PreferencesProvider initial={PREFERENCES}>
          <MemoryRouter initialEntries={['/login']}>
            <AuthActionsProvider authProvider={INERT_AUTH}>
              <LoginPage />
            </AuthActionsProvider>
          </MemoryRouter>
        </PreferencesProvider>
      </LocaleProvider>
    </StyleProvider>,
  );
  const submits = html.match(/type="submit"/g)?.length ?? 0;
  if (submits !== 1) throw new Error(`prerender: the login page has ${submits} submit buttons, expected 1`);
  // The app routes by the hash (HashRouter); the memory router here writes plain paths.
  const hashLinks = html.replaceAll('href="/', 'href="#/');
  // Its buttons and the language choice do nothing until the app runs: said so, to readers and to
  // Playwright, whose clicks wait for the app's own.
  const inert = hashLinks.replace('type="submit"', 'type="button"').replaceAll('<button ', '<button aria-disabled="true" ').replaceAll('<select ', '<select aria-disabled="true" ');
  return { html: inert, css: extractStyle(cache, { plain: true }) };
}
