// @vitest-environment jsdom
import type { BaseRecord } from '@refinedev/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { plugins } from '../../../common/resources/plugins';
import { PluginSwitchCell } from '../../../src/pages/finview/plugins/plugin-cells';
import { PluginPanel } from '../../../src/pages/finview/plugins/plugin-panel';
import { ApiError } from '../../../src/providers/http-error';
import type { PluginAnswer } from '../../../common/domains/finview/model';
import { fakeServer, renderAt, waitFor } from './finview-harness';

// The plugins list's switch is read-only without an Admin role; the price-series plugin's panel
// shows its settings read-only and a refused price-series upload by row, the upload one
// multipart POST (name, symbol, file).

const plugin: PluginAnswer = {
  id: 'price-series', kind: 'source', enabled: true, available: true, config: { maxPoints: 365 },
  configSchema: { type: 'object', properties: { maxPoints: { type: 'integer', minimum: 1, maximum: 3650 } } },
  argsSchema: {}, fits: ['line-chart'], version: 1, updatedAt: '2026-11-01T00:00:00Z', updatedBy: null,
};
const enabled = plugins.fields?.find((field) => field.name === 'enabled');

describe('plugins pieces', () => {
  it('is read-only without a role and shows an upload refusal by row', async () => {
    if (!enabled) throw new Error('no enabled field');
    const { calls, provider } = fakeServer(({ url, method }) => {
      if (method === 'get') return url.endsWith('/series') ? [] : [plugin];
      throw new ApiError('The file is not a price series.', 422, { body: { message: 'The file is not a price series.', code: 'finviewSeriesUnreadable', reasons: [{ row: 4, reason: 'bad date' }] } });
    });
    const record = plugin as unknown as BaseRecord;
    renderAt(
      provider,
      '*',
      '/finview/plugins/show/price-series',
      <>
        <PluginSwitchCell value={plugin.enabled} field={enabled} record={record} definition={plugins} />
        <PluginPanel record={record} definition={plugins} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('finview-plugin-enabled-price-series')).toBeTruthy());
    expect(screen.getByTestId('finview-plugin-enabled-price-series').hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByTestId('finview-series-name'), { target: { value: 'ACME close' } });
    const input = screen.getByTestId('finview-price-series').querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [new File(['Date,Close\nx,1\n'], 'acme.csv', { type: 'text/csv' })] } }));
    await act(async () => fireEvent.click(screen.getByTestId('finview-series-upload')));
    await waitFor(() => expect(screen.getByTestId('finview-series-failure').textContent).toContain('4: bad date'));
    const post = calls.find((call) => call.method === 'post')!;
    expect(post.url).toBe('/be-api-management/finview/plugins/price-series/series');
    const body = post.payload as FormData;
    expect(body.get('name')).toBe('ACME close');
    expect((body.get('file') as File).name).toBe('acme.csv');
  }, 60_000);
});
