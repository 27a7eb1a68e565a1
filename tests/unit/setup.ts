import { afterEach } from 'vitest';
import enApp from '../../src/i18n/en-app.json';
import { addEnglishApp, loadLanguage } from '../../src/i18n/i18n';

// The app fetches Spanish when it is chosen, and the English behind the login with its
// chunk; tests create instances with both, synchronously.
await loadLanguage('es');
addEnglishApp(undefined, enApp);

// Node tests stay free of the DOM; only jsdom tests (`// @vitest-environment jsdom`)
// get React Testing Library's cleanup and the browser APIs antd expects.
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  // jsdom has no layout engine; antd's responsive grid and Sider ask for media queries.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
