import { Refine, type CustomParams, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render, waitFor as waitForAtOnce } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createI18n } from '../../../src/i18n/i18n';
import { buildRegistry } from '../../../src/resources/generate';
import { RuntimeProvider } from '../../../src/resources/registry-context';
import { shippedConfig, withAreas } from '../../fixtures/app-config';

// The finview pages under Refine with a data provider whose `custom` plays the server; every
// custom call is recorded for the test to read.

// jsdom renders antd slowly on a busy machine: a second is not always enough.
export const waitFor = <T,>(check: () => T | Promise<T>) => waitForAtOnce(check, { timeout: 15_000 });

const config = withAreas(shippedConfig(), ['finview']);
const registry = buildRegistry(config);

export function fakeServer(answer: (params: CustomParams, calls: readonly CustomParams[]) => unknown) {
  const calls: CustomParams[] = [];
  const provider: DataProvider = {
    getApiUrl: () => '/api',
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
    custom: async (params) => {
      calls.push(params);
      return { data: answer(params, calls) as never };
    },
  };
  return { calls, provider };
}

/** Renders `element` at `url`, matched by the route `path`. */
export function renderAt(provider: DataProvider, path: string, url: string, element: ReactElement) {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <RuntimeProvider config={config} registry={registry}>
        <MemoryRouter initialEntries={[url]}>
          <Refine dataProvider={provider} routerProvider={routerProvider} resources={registry.resources} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path={path} element={element} />
            </Routes>
          </Refine>
        </MemoryRouter>
      </RuntimeProvider>
    </I18nextProvider>,
  );
}
