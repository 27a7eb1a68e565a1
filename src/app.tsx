import { Suspense, useMemo } from 'react';
import { HashRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import type { AppConfig } from '../common/config/schema';
import type { I18n } from './i18n/i18n';
import { LocaleProvider, useLocale } from './i18n/locale-provider';
import type { Locale } from './i18n/locales';
import { RouteBoundary } from './pages/errors/route-boundary';
import { PageLoading } from './pages/page-loading';
import { AuthActionsProvider } from './providers/auth-actions';
import { createProviders, type AppProviders } from './providers/create-providers';
import type { SealerLike } from './providers/http-client';
import { Toasts } from './providers/notification-provider';
import { buildRegistry, type Registry } from '../common/resources/generate';
import { RuntimeProvider } from './registry/registry-context';
import { lazyPage } from './shell/lazy-page';
import { readStoredPreferences, type Preferences } from './shell/preferences';
import { PreferencesProvider, usePreferences } from './shell/preferences-provider';
import { useOnlineToasts } from './shell/use-online-toasts';

// The entry holds what the login route needs and no more: the public pages are
// lazy, and everything behind the login (Refine, its query client, the shell,
// the generic pages) is one lazy import away in private-app.tsx.
const LoginPage = lazyPage(() => import('./pages/auth/login-page'), 'login-page');
const RegisterPage = lazyPage(() => import('./pages/auth/register-page'), 'register-page');
const ForgotPasswordPage = lazyPage(() => import('./pages/auth/forgot-password-page'), 'forgot-password-page');
const PrivateApp = lazyPage(() => import('./private-app'), 'private-app');

export const PUBLIC_PATHS = ['/login', '/register', '/forgot-password'] as const;

const PUBLIC_PAGES = { '/login': LoginPage, '/register': RegisterPage, '/forgot-password': ForgotPasswordPage };

/**
 * Downloads the code the first screen needs while the runtime config is still
 * on its way: the app for a live session, otherwise the public page of the hash
 * (visitors land on the login page). Awaited before the first render, so that
 * screen renders once instead of committing a spinner and then the page. Never
 * rejects: a failure is left to the lazy page, which retries and reports it.
 */
export function preloadFirstScreen(sessionActive: boolean, hash = window.location.hash): Promise<void> {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  const page = sessionActive ? PrivateApp : (PUBLIC_PAGES[path as keyof typeof PUBLIC_PAGES] ?? LoginPage);
  return page.preload();
}

export interface AppProps {
  config: AppConfig;
  i18n: I18n;
  locale: Locale;
  /** Defaults to the stored choices over the config's defaults. */
  preferences?: Preferences;
  /** Tests pass an in-memory storage and a fake sealer; the browser uses sessionStorage and the protocol's sealer. */
  storage?: Storage;
  sealer?: SealerLike;
}

export function App({ config, i18n, locale, preferences, storage, sealer }: AppProps) {
  const registry = useMemo(() => buildRegistry(config), [config]);
  const providers = useMemo(
    () => createProviders({ config, registry, i18n, storage, sealer }),
    [config, registry, i18n, storage, sealer],
  );
  const initialPreferences = useMemo(() => preferences ?? readStoredPreferences(config.defaults), [preferences, config]);

  return (
    <LocaleProvider i18n={i18n} initial={locale}>
      <PreferencesProvider initial={initialPreferences}>
        <AppToasts />
        <HashRouter>
          <RuntimeProvider config={config} registry={registry}>
            <AuthActionsProvider authProvider={providers.authProvider}>
              <AppRoutes registry={registry} providers={providers} />
            </AuthActionsProvider>
          </RuntimeProvider>
        </HashRouter>
      </PreferencesProvider>
    </LocaleProvider>
  );
}

function AppToasts() {
  const { locale } = useLocale();
  const { preferences } = usePreferences();
  // The tab title is each page's (public pages: AuthLayout; behind the login: shell/page-title.tsx).
  useOnlineToasts();
  return <Toasts dark={preferences.themeMode === 'dark'} rtl={locale.direction === 'rtl'} />;
}

/**
 * Public pages for visitors, the lazily loaded app for a live session. The
 * session is read on every render: a login or a logout navigates, and that
 * re-render sees it.
 */
function AppRoutes({ registry, providers }: { registry: Registry; providers: AppProviders }) {
  const { pathname, search } = useLocation();
  const active = providers.session.isActive();
  const here = `${pathname}${search}`;
  const toLogin = here === '/' ? '/login' : `/login?to=${encodeURIComponent(here)}`;

  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {/* A logged-in reader who opens /login goes to the dashboard instead. */}
        <Route element={active ? <Navigate to="/" replace /> : <Outlet />}>
          {PUBLIC_PATHS.map((path) => {
            const Page = PUBLIC_PAGES[path];
            return (
              <Route
                key={path}
                path={path}
                element={
                  <RouteBoundary>
                    <Page />
                  </RouteBoundary>
                }
              />
            );
          })}
        </Route>
        <Route
          path="*"
          element={
            active ? (
              <RouteBoundary>
                <PrivateApp registry={registry} providers={providers} />
              </RouteBoundary>
            ) : (
              <Navigate to={toLogin} replace />
            )
          }
        />
      </Routes>
    </Suspense>
  );
}
