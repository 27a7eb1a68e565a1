// @vitest-environment jsdom
import type { CustomParams } from '@refinedev/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TemplatesPage from '../../../src/pages/finview/templates-page';
import { ApiError } from '../../../src/providers/http-error';
import type { BrandAnswer, TemplateDetail, TemplateVersion } from '../../../common/domains/finview/model';
import type { VideoTemplate } from '../../../common/domains/finview/template';
import { fakeServer, renderAt, waitFor } from './finview-harness';

// The template editor against a data provider that plays the server (docs/finview.md): it loads
// the draft, previews the body being edited (POST preview, bytes shown from an object URL), saves
// the draft with the template's row version, and lists a publish refusal's problems.

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

function answer({ url, method }: CustomParams, calls: readonly CustomParams[]): unknown {
  if (url.endsWith('/preview')) return new Uint8Array([137, 80, 78, 71]).buffer;
  if (url.endsWith('/publish')) {
    // The client translates the coded reason to one word; the problem list is in the raw body.
    throw new ApiError('The template is not valid.', 422, { errors: { body: 'Not valid.' }, body: { code: 'finviewTemplateInvalid', errors: { body: '/scenes/0/end must be after start' }, reasons: { body: { code: 'invalid' } } } });
  }
  if (url.endsWith('/draft') && method === 'put') return version;
  if (url.endsWith('/templates/7')) return { ...detail, version: detail.version + calls.filter((call) => call.method === 'put').length };
  if (url.endsWith('/versions/1')) return version;
  if (url.endsWith('/brand')) return brandAnswer;
  if (url.endsWith('/plugins')) return [];
  throw new Error(`unexpected ${method} ${url}`);
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

const PATH = '/finview/templates/edit/:id';
const renderEditor = (provider: Parameters<typeof renderAt>[0]) =>
  renderAt(provider, PATH, '/finview/templates/edit/7', <TemplatesPage />);

const previews = (calls: CustomParams[]) => calls.filter((call) => call.url.endsWith('/preview'));

describe('template editor', () => {
  it('previews the edited draft, saves it with the row version, lists publish problems', async () => {
    const { calls, provider } = fakeServer(answer);
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
