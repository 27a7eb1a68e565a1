// @vitest-environment jsdom
import { Refine, type CreateParams, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { fireEvent, render, screen, waitFor as waitForAtOnce } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/i18n';
import RulesPage from '../../../src/pages/finview/rules-page';
import { ApiError } from '../../../src/providers/http-error';
import type { TemplateSummary, TemplateVersion } from '../../../src/resources/finview-model';
import { buildRegistry } from '../../../src/resources/generate';
import { RuntimeProvider } from '../../../src/resources/registry-context';
import { shippedConfig, withAreas } from '../../fixtures/app-config';

// A new event rule: the trigger shows its own fields, a param may come from the event, the
// body is what the API takes, and the server's cron/params reasons land on their fields.

const waitFor = <T,>(check: () => T | Promise<T>) => waitForAtOnce(check, { timeout: 15_000 });
const config = withAreas(shippedConfig(), ['finview']);
const registry = buildRegistry(config);
const BASE = '/be-api-management/finview';
const template = { id: 1, name: 'Company news', kind: 'video', publishedVersion: 1, archived: false } as TemplateSummary;
const version = {
  templateId: 1, version: 1, kind: 'video', body: {}, bindings: {},
  paramsSchema: { type: 'object', properties: { company: { type: 'integer', title: 'Company', 'x-source': 'company-records' } }, required: ['company'] },
} as unknown as TemplateVersion;

const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

async function pick(element: HTMLElement, text: string) {
  fireEvent.mouseDown(element);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((item) => item.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

describe('finview rules page', () => {
  it('makes an event rule whose param comes from the event', async () => {
    const created: CreateParams[] = [];
    const provider: DataProvider = {
      getApiUrl: () => '/api',
      getList: async () => ({ data: [], total: 0 }),
      getMany: async () => ({ data: [] }),
      getOne: async () => ({ data: {} as never }),
      create: async (params) => {
        created.push(params);
        throw new ApiError('Some values are not valid.', 422, { errors: { 'conditions.companyIds': 'no such company' } });
      },
      update: async () => ({ data: {} as never }),
      deleteOne: async () => ({ data: {} as never }),
      custom: async ({ url }) => {
        if (url === `${BASE}/templates`) return { data: [template] as never };
        if (url === `${BASE}/templates/1/versions/1`) return { data: version as never };
        throw new ApiError('not found', 404);
      },
    };
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <RuntimeProvider config={config} registry={registry}>
          <MemoryRouter initialEntries={['/finview/rules/create']}>
            <Refine dataProvider={provider} routerProvider={routerProvider} resources={registry.resources} options={{ disableTelemetry: true }}>
              <Routes>
                <Route path="/finview/rules/create" element={<RulesPage route={{ path: '/finview/rules/create', resource: 'rules', action: 'create', page: 'finview-rules' }} />} />
              </Routes>
            </Refine>
          </MemoryRouter>
        </RuntimeProvider>
      </I18nextProvider>,
    );
    fireEvent.change(await waitFor(() => input('finview-rule-name')), { target: { value: 'On company news' } });
    fireEvent.click(screen.getByText('Event'));
    await waitFor(() => expect(input('finview-rule-companies')).toBeTruthy());
    expect(screen.getByText('A news item is approved')).toBeTruthy();
    expect(screen.queryByTestId('finview-rule-cron')).toBeNull();

    await pick(input('finview-template'), 'Company news · Video · v1');
    await waitFor(() => expect(input('finview-param-company')).toBeTruthy());
    await pick(screen.getByTestId('finview-param-event-company').querySelector('.ant-select-selector') as HTMLElement, 'Company');
    await waitFor(() => expect(input('finview-param-company').disabled).toBe(true));

    fireEvent.click(screen.getByTestId('finview-rule-save'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.variables).toMatchObject({
      name: 'On company news', enabled: true, trigger: 'event', cron: null, event: 'news.approved',
      conditions: { companyIds: [] }, templateId: 1, params: { company: { event: 'companyId' } },
    });
    await waitFor(() => expect(document.body.textContent).toContain('no such company'));
  }, 60_000);
});
