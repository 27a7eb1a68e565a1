// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PluginsPage from '../../../src/pages/finview/plugins-page';
import { ApiError } from '../../../src/providers/http-error';
import type { PluginAnswer } from '../../../common/domains/finview/model';
import { fakeServer, renderAt, waitFor } from './finview-harness';

// Without an Admin role the switches are read-only; a refused price-series upload shows the
// server's message and its row reasons, and the upload is one multipart POST (name, symbol, file).

const plugin: PluginAnswer = {
  id: 'news-counts', kind: 'source', enabled: true, available: true, config: { maxDays: 365 },
  configSchema: { type: 'object', properties: { maxDays: { type: 'integer', minimum: 1, maximum: 3650 } } },
  argsSchema: {}, fits: ['bar-chart'], version: 1, updatedAt: '2026-11-01T00:00:00Z', updatedBy: null,
};

describe('plugins page', () => {
  it('is read-only without a role and shows an upload refusal by row', async () => {
    const { calls, provider } = fakeServer(({ url, method }) => {
      if (method === 'get') return url.endsWith('/series') ? [] : [plugin];
      throw new ApiError('The file is not a price series.', 422, { body: { message: 'The file is not a price series.', code: 'finviewSeriesUnreadable', reasons: [{ row: 4, reason: 'bad date' }] } });
    });
    renderAt(provider, '*', '/finview/plugins', <PluginsPage route={{ path: '/finview/plugins', resource: 'plugins', action: 'list', page: 'finview-plugins' }} />);
    await waitFor(() => expect(screen.getByTestId('finview-plugin-enabled-news-counts')).toBeTruthy());
    expect(screen.getByTestId('finview-plugins-read-only')).toBeTruthy();
    expect(screen.getByTestId('finview-plugin-enabled-news-counts').hasAttribute('disabled')).toBe(true);

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
