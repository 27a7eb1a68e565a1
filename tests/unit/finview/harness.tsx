import { Refine, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render, waitFor as waitForAtOnce } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createI18n } from '../../../src/i18n/i18n';
import { buildRegistry } from '../../../common/resources/generate';
import { RuntimeProvider } from '../../../src/registry/registry-context';
import { shippedConfig, withAreas } from '../../fixtures/app-config';

// What the finview page tests share: the app's providers around one route, a data provider
// the test plays the server with, and an EventSource the test feeds.

export const BASE = '/be-api-management/finview';
const config = withAreas(shippedConfig(), ['finview']);
const registry = buildRegistry(config);

// jsdom renders antd slowly on a busy machine: a second is not always enough.
export const waitFor = <T,>(check: () => T | Promise<T>) => waitForAtOnce(check, { timeout: 15_000 });

export const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

/** A data provider whose calls the test answers; the rest answer empty. */
export function provider(overrides: Partial<DataProvider>): DataProvider {
  return {
    getApiUrl: () => '/api',
    getList: async () => ({ data: [], total: 0 }),
    getMany: async () => ({ data: [] }),
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
    ...overrides,
  };
}

export function renderRoute(path: string, url: string, element: ReactElement, dataProvider: DataProvider) {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <RuntimeProvider config={config} registry={registry}>
        <MemoryRouter initialEntries={[url]}>
          <Refine dataProvider={dataProvider} routerProvider={routerProvider} resources={registry.resources} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path={path} element={element} />
            </Routes>
          </Refine>
        </MemoryRouter>
      </RuntimeProvider>
    </I18nextProvider>,
  );
}

/** Stands in for the browser's EventSource: the test emits `output` events on it. */
export class FakeEventSource {
  static made: FakeEventSource[] = [];
  listeners = new Map<string, (message: { data: string }) => void>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, listener: (message: { data: string }) => void) {
    this.listeners.set(name, listener);
  }
  close() {}
  emit(data: unknown) {
    this.listeners.get('output')?.({ data: JSON.stringify(data) });
  }
  static install() {
    FakeEventSource.made = [];
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  }
  static remove() {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  }
  /** The stream the page opened, once it has. */
  static opened(): Promise<FakeEventSource> {
    return waitFor(() => FakeEventSource.made[0] ?? Promise.reject(new Error('no stream')));
  }
}
