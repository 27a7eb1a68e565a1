import { Refine, type AuthProvider, type CustomParams, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createI18n } from '../../../src/i18n/i18n';
import { buildRegistry } from '../../../common/resources/generate';
import { RuntimeProvider } from '../../../src/registry/registry-context';
import type { Role } from '../../../common/resources/types';
import { shippedConfig, withAreas } from '../../fixtures/app-config';
import { provider } from '../finview/harness';

// The feeds page and dashboard tests: the app's providers around one page, signed in with a
// role, the announcements area on or off, and a `custom` that plays the server.

export { waitFor } from '../finview/harness';

export function fakeServer(answer: (params: CustomParams) => unknown) {
  const calls: CustomParams[] = [];
  const dataProvider: DataProvider = provider({
    custom: async (params) => {
      calls.push(params);
      return { data: answer(params) as never };
    },
  });
  return { calls, dataProvider };
}

function authAs(role: Role): AuthProvider {
  return {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getPermissions: async () => role,
    getIdentity: async () => ({ id: 1, username: 'tester', name: 'Tester' }),
  };
}

export function renderPage(element: ReactElement, { role, dataProvider, announcements = true, language = 'en' as const }: { role: Role; dataProvider: DataProvider; announcements?: boolean; language?: 'en' | 'es' }) {
  const config = withAreas(shippedConfig(), ['announcements'], announcements);
  const registry = buildRegistry(config);
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <RuntimeProvider config={config} registry={registry}>
        <MemoryRouter initialEntries={['/page']}>
          <Refine dataProvider={dataProvider} authProvider={authAs(role)} routerProvider={routerProvider} resources={registry.resources} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path="*" element={element} />
            </Routes>
          </Refine>
        </MemoryRouter>
      </RuntimeProvider>
    </I18nextProvider>,
  );
}
