// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FinviewSettingsPage from '../../../src/pages/finview/settings-page';
import { ApiError } from '../../../src/providers/http-error';
import type { FinviewSettings } from '../../../common/domains/finview/model';
import { fakeServer, renderAt, waitFor } from './finview-harness';

// The settings form sends the loaded version with its values, and a 422's field reasons land on
// the fields they name (`brand.accent` on the accent picker, `retentionDays` on its input).

const settings: FinviewSettings = {
  maxWidth: 1920, maxHeight: 1080, maxDurationSeconds: 120, maxFps: 30, defaultFps: 25, renderConcurrency: 1, renderTimeoutSeconds: 600, retentionDays: 30,
  brand: { background: '#101820', foreground: '#ffffff', accent: '#f2a900', palette: ['#f2a900', '#00a3e0'], fontFamily: 'DejaVu Sans' },
  logo: null, watermark: 'Demo', version: 3, updatedAt: '2026-11-01T00:00:00Z', updatedBy: { id: 1, username: 'ana' },
};

describe('finview settings page', () => {
  it('puts the values with the version and shows field errors', async () => {
    const { calls, provider } = fakeServer(({ method }) => {
      if (method === 'get') return settings;
      throw new ApiError('Some fields are not valid.', 422, { errors: { retentionDays: 'Must be at most 3650.', 'brand.accent': 'Must be a colour as #rrggbb.' } });
    });
    renderAt(provider, '*', '/finview/settings', <FinviewSettingsPage route={{ path: '/finview/settings', resource: 'finview-settings', action: 'list', page: 'finview-settings' }} />);
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
