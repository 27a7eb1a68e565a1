// @vitest-environment jsdom
import { Refine, type CustomParams, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor as waitForAtOnce } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import FinviewSettingsPage from '../../../src/pages/finview/settings-page';
import { ApiError } from '../../../src/providers/http-error';
import type { FinviewSettings } from '../../../src/resources/finview-model';
import { buildRegistry } from '../../../src/resources/generate';
import { RuntimeProvider } from '../../../src/resources/registry-context';
import { shippedConfig, withAreas } from '../../fixtures/app-config';

// The settings form sends the loaded version with its values, and a 422's field reasons land on
// the fields they name (`brand.accent` on the accent picker, `retentionDays` on its input).

const waitFor = <T,>(check: () => T | Promise<T>) => waitForAtOnce(check, { timeout: 15_000 });
const config = withAreas(shippedConfig(), ['finview']);
const registry = buildRegistry(config);
const settings: FinviewSettings = {
  maxWidth: 1920, maxHeight: 1080, maxDurationSeconds: 120, maxFps: 30, defaultFps: 25, renderConcurrency: 1, renderTimeoutSeconds: 600, retentionDays: 30,
  brand: { background: '#101820', foreground: '#ffffff', accent: '#f2a900', palette: ['#f2a900', '#00a3e0'], fontFamily: 'DejaVu Sans' },
  logo: null, watermark: 'Demo', version: 3, updatedAt: '2026-11-01T00:00:00Z', updatedBy: { id: 1, username: 'ana' },
};

describe('finview settings page', () => {
  it('puts the values with the version and shows field errors', async () => {
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
        if (params.method === 'get') return { data: settings as never };
        throw new ApiError('Some fields are not valid.', 422, { errors: { retentionDays: 'Must be at most 3650.', 'brand.accent': 'Must be a colour as #rrggbb.' } });
      },
    };
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <RuntimeProvider config={config} registry={registry}>
          <MemoryRouter>
            <Refine dataProvider={provider} routerProvider={routerProvider} resources={registry.resources} options={{ disableTelemetry: true }}>
              <FinviewSettingsPage route={{ path: '/finview/settings', resource: 'finview-settings', action: 'list', page: 'finview-settings' }} />
            </Refine>
          </MemoryRouter>
        </RuntimeProvider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('finview-settings-save')).toBeTruthy());
    const watermark = document.querySelector<HTMLInputElement>('#watermark')!;
    expect(watermark.value).toBe('Demo');
    fireEvent.change(watermark, { target: { value: 'Sample' } });
    await act(async () => fireEvent.click(screen.getByTestId('finview-settings-save')));
    await waitFor(() => expect(calls.some((call) => call.method === 'put')).toBe(true));
    const put = calls.find((call) => call.method === 'put')!;
    expect(put.url).toBe('/be-api-management/finview/settings');
    expect(put.payload).toMatchObject({ watermark: 'Sample', version: 3, retentionDays: 30, brand: { accent: '#f2a900', palette: ['#f2a900', '#00a3e0'] }, logo: null });
    await waitFor(() => expect(document.body.textContent).toContain('Must be at most 3650.'));
    expect(document.body.textContent).toContain('Must be a colour as #rrggbb.');
    expect(screen.getByTestId('finview-settings-failure').textContent).toContain('Some fields are not valid.');
  }, 60_000);
});
