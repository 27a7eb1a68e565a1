// @vitest-environment jsdom
import { Refine, type CustomParams, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor as waitForAtOnce } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import TemplatesPage from '../../../src/pages/finview/templates-page';
import { ApiError } from '../../../src/providers/http-error';
import type { BrandAnswer, TemplateDetail, TemplateVersion } from '../../../src/resources/finview-model';
import type { VideoTemplate } from '../../../src/resources/finview-template';
import { buildRegistry } from '../../../src/resources/generate';
import { RuntimeProvider } from '../../../src/resources/registry-context';
import { shippedConfig, withAreas } from '../../fixtures/app-config';

// The template editor against a data provider that plays the server (docs/finview.md): it loads
// the draft, previews the body being edited (POST preview, bytes shown from an object URL), saves
// the draft with the template's row version, and lists a publish refusal's problems.

const waitFor = <T,>(check: () => T | Promise<T>) => waitForAtOnce(check, { timeout: 15_000 });
const config = withAreas(shippedConfig(), ['finview']);
const registry = buildRegistry(config);
const brand = { background: '#101820', foreground: '#ffffff', accent: '#f2a900', palette: ['#f2a900'], fontFamily: 'DejaVu Sans' as const };
const body: VideoTemplate = {
  schemaVersion: 1,
  size: { width: 1920, height: 1080 },
  fps: 25,
  durationSeconds: 10,
  brand: { ...brand, accent: '#000000' },
  scenes: [{ kind: 'title', title: 'Hello', start: 0, end: 3 }],
};
const user = { id: 1, username: 'ana' };
const detail: TemplateDetail = {
  id: 7, name: 'Weekly', kind: 'video', description: '', latestVersion: 1, publishedVersion: null, draftVersion: 1, archived: false,
  createdBy: user, updatedBy: user, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', version: 4,
  versions: [{ version: 1, status: 'draft', createdBy: user, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', publishedBy: null, publishedAt: null }],
};
const version: TemplateVersion = { ...detail.versions[0]!, templateId: 7, kind: 'video', body, paramsSchema: { type: 'object', properties: {} }, bindings: {} };
const brandAnswer: BrandAnswer = { brand, logo: null, watermark: '', caps: { maxWidth: 1920, maxHeight: 1080, maxDurationSeconds: 60, maxFps: 30, defaultFps: 25 } };

function fakeServer() {
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
      const { url, method } = params;
      if (url.endsWith('/preview')) return { data: new Uint8Array([137, 80, 78, 71]).buffer as never };
      if (url.endsWith('/publish')) throw new ApiError('The template is not valid.', 422, { errors: { body: ['/scenes/0/end must be after start'] } });
      if (url.endsWith('/draft') && method === 'put') return { data: version as never };
      if (url.endsWith('/templates/7')) return { data: { ...detail, version: detail.version + calls.filter((call) => call.method === 'put').length } as never };
      if (url.endsWith('/versions/1')) return { data: version as never };
      if (url.endsWith('/brand')) return { data: brandAnswer as never };
      if (url.endsWith('/plugins')) return { data: [] as never };
      throw new Error(`unexpected ${method} ${url}`);
    },
  };
  return { calls, provider };
}

const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

function renderEditor(provider: DataProvider) {
  const path = '/finview/templates/edit/:id';
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <RuntimeProvider config={config} registry={registry}>
        <MemoryRouter initialEntries={['/finview/templates/edit/7']}>
          <Refine dataProvider={provider} routerProvider={routerProvider} resources={registry.resources} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path={path} element={<TemplatesPage route={{ path, resource: 'templates', action: 'edit', page: 'finview-templates' }} />} />
            </Routes>
          </Refine>
        </MemoryRouter>
      </RuntimeProvider>
    </I18nextProvider>,
  );
}

const previews = (calls: CustomParams[]) => calls.filter((call) => call.url.endsWith('/preview'));

describe('template editor', () => {
  it('previews the edited draft, saves it with the row version, lists publish problems', async () => {
    const { calls, provider } = fakeServer();
    renderEditor(provider);
    await waitFor(() => expect(screen.getByTestId('finview-template-editor')).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId('finview-preview-image').getAttribute('src')).toBe('blob:preview'));
    expect(previews(calls)[0]!.payload).toMatchObject({ kind: 'video', body: { scenes: [{ kind: 'title' }] } });
    expect(previews(calls)[0]!.url).toBe('/be-api-management/finview/preview');

    // "Use firm brand" puts the brand's accent in the body; the next preview sends it.
    await act(async () => fireEvent.click(screen.getByTestId('finview-template-brand')));
    await waitFor(() => expect(previews(calls).at(-1)!.payload).toMatchObject({ body: { brand: { accent: '#f2a900' } } }));

    await act(async () => fireEvent.click(screen.getByTestId('finview-template-save')));
    await waitFor(() => expect(calls.some((call) => call.method === 'put')).toBe(true));
    const put = calls.find((call) => call.method === 'put')!;
    expect(put.url).toBe('/be-api-management/finview/templates/7/draft');
    expect(put.payload).toMatchObject({ version: 4, body: { brand: { accent: '#f2a900' } }, bindings: {}, paramsSchema: { type: 'object', properties: {} } });

    await act(async () => fireEvent.click(screen.getByTestId('finview-template-publish')));
    await waitFor(() => expect(screen.getByTestId('finview-template-failure').textContent).toContain('/scenes/0/end must be after start'));
    expect(calls.find((call) => call.url.endsWith('/publish'))!.payload).toEqual({ version: 5 });
  }, 60_000);
});
