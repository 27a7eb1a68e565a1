import { unstableSetRender } from 'antd';
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { App, preloadFirstScreen } from './app';
import { createI18n, loadLanguage } from './i18n/i18n';
import { LocaleProvider } from './i18n/locale-provider';
import { readStoredLocale, type Locale } from './i18n/locales';
import { ConfigErrorPage } from './pages/errors/config-error-page';
import { ErrorView } from './pages/errors/error-view';
import { loadAppConfig } from './providers/app-config';
import { createSessionStore } from './providers/session-store';
import { watchAssetFailures } from './shell/asset-failures';

// Before anything lazy is requested, so a failed chunk or stylesheet is named in its error view.
watchAssetFailures();

// antd 5 renders wave effects and pop-ups with ReactDOM.render, gone in React 19;
// this hands it React 19's root API instead.
unstableSetRender((node, container) => {
  const target = container as Element & { _reactRoot?: Root };
  target._reactRoot ??= createRoot(container);
  const root = target._reactRoot;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
  };
});

// Used only when the configuration itself is missing: the error must still be readable.
const FALLBACK_LOCALE: Locale = { language: 'en', direction: 'ltr' };

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  // A stored language is fetched beside the config; the config's default, after it.
  const [load] = await Promise.all([
    loadAppConfig(),
    preloadFirstScreen(sessionActive()),
    loadLanguage(readStoredLocale(FALLBACK_LOCALE).language).catch(() => undefined),
  ]);
  const locale = readStoredLocale(load.ok ? load.config.defaults : FALLBACK_LOCALE);
  // When the language's chunk cannot be had, the page is English rather than not shown.
  await loadLanguage(locale.language).catch(() => undefined);
  const i18n = createI18n(locale.language, locale.direction);

  if (!load.ok) {
    root.render(
      <LocaleProvider i18n={i18n} initial={locale}>
        <ConfigErrorPage problem={load} />
      </LocaleProvider>,
    );
    return;
  }

  // A transition, so React renders the first screen in slices that leave the
  // main thread free in between, rather than in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* The last resort: each route has its own boundary, this one catches the frame around them. */}
        <ErrorBoundary fallbackRender={({ error }) => <ErrorView error={error} />}>
          <App config={load.config} i18n={i18n} locale={locale} />
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
}

function sessionActive(): boolean {
  try {
    return createSessionStore(window.sessionStorage).isActive();
  } catch {
    return false;
  }
}

const container = document.getElementById('root');
if (container) void start(container);
