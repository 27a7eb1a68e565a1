// @vitest-environment jsdom
import type { CustomParams } from '@refinedev/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CreateVideoPage from '../../../src/pages/finview/create-video-page';
import { ApiError } from '../../../src/providers/http-error';
import type { OutputAnswer, TemplateSummary, TemplateVersion } from '../../../common/domains/finview/model';
import { BASE, FakeEventSource, input, provider, renderRoute, waitFor } from './harness';

// The create page against a data provider playing the server: the template's paramsSchema
// becomes the form, the schema's bounds refuse a value before anything is sent, a 422's
// `params.<name>` reason lands on its field, and the job card follows the event stream alone.


const template = { id: 1, name: 'Weekly news', kind: 'video', publishedVersion: 2, archived: false } as TemplateSummary;
const version = {
  templateId: 1, version: 2, kind: 'video', body: {}, bindings: {},
  paramsSchema: { type: 'object', properties: { days: { type: 'integer', title: 'Days', minimum: 1, maximum: 30, default: 7 } }, required: ['days'] },
} as unknown as TemplateVersion;
const output = { id: 41, kind: 'video', title: 'Weekly news 2026-11-23', status: 'queued', progress: 0, jobId: 'job-41', version: 1, error: null } as OutputAnswer;

function fakeServer() {
  const calls: CustomParams[] = [];
  let submits = 0;
  const server = provider({
    custom: async (params) => {
      calls.push(params);
      const { url, method } = params;
      if (method === 'get' && url === `${BASE}/templates`) return { data: [template] as never };
      if (method === 'get' && url === `${BASE}/templates/1/versions/2`) return { data: version as never };
      if (method === 'post' && url === `${BASE}/events/ticket`) return { data: { url: `${BASE}/events?ticket=t${calls.length}` } as never };
      if (method === 'post' && url === `${BASE}/outputs`) {
        submits += 1;
        if (submits === 1) throw new ApiError('Some values are not valid.', 422, { errors: { 'params.days': 'has no news that far back' } });
        return { data: output as never };
      }
      throw new ApiError('not found', 404);
    },
  });
  return { calls, server };
}

const explain = (id: string) => (input(id).closest('.ant-form-item:not(.ant-form-item-no-style)') ?? input(id).closest('.ant-form-item'))?.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('finview create video page', () => {
  beforeEach(() => FakeEventSource.install());
  afterEach(() => FakeEventSource.remove());

  it('renders a template as a form, checks it, submits it and follows the render live', async () => {
    const { calls, server } = fakeServer();
    renderRoute('/finview/createvideos', '/finview/createvideos', <CreateVideoPage route={{ path: '/finview/createvideos', resource: 'create-videos', action: 'list', page: 'finview-create' }} />, server);

    fireEvent.mouseDown(input('finview-template'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((element) => element.textContent?.startsWith('Weekly news'));
      if (!found) throw new Error('no template option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(input('finview-param-days')).toBeTruthy());
    await waitFor(() => expect(input('finview-param-days').value).toBe('7'));

    // The schema's maximum refuses 40 before anything is sent.
    fireEvent.change(input('finview-param-days'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('finview-submit'));
    await waitFor(() => expect(explain('finview-param-days')).toContain('at most 30'));
    expect(calls.some((call) => call.url.endsWith('/outputs'))).toBe(false);

    // The server's own reason lands on the field.
    fireEvent.change(input('finview-param-days'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('finview-submit'));
    await waitFor(() => expect(explain('finview-param-days')).toContain('has no news that far back'));
    expect(calls.find((call) => call.url.endsWith('/outputs'))?.payload).toEqual({ templateId: 1, params: { days: 20 } });

    fireEvent.click(screen.getByTestId('finview-submit'));
    await waitFor(() => expect(screen.getByTestId('finview-status').getAttribute('data-status')).toBe('queued'));

    const stream = await FakeEventSource.opened();
    expect(stream.url).toMatch(/events\?ticket=/);
    act(() => stream.emit({ outputId: 41, jobId: 'job-41', status: 'running', progress: 40 }));
    await waitFor(() => expect(screen.getByTestId('finview-status').textContent).toBe('Rendering 40 %'));
    expect(screen.getByTestId('finview-progress').textContent).toContain('40');
    act(() => stream.emit({ outputId: 41, jobId: 'job-41', status: 'succeeded', progress: 100 }));
    await waitFor(() => expect(screen.getByTestId('finview-open-output')).toBeTruthy());
    expect(screen.getByTestId('finview-status').getAttribute('data-status')).toBe('succeeded');
  }, 60_000);
});
