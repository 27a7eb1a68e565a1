// @vitest-environment jsdom
import type { CreateParams } from '@refinedev/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RulesPage from '../../../src/pages/finview/rules-page';
import { ApiError } from '../../../src/providers/http-error';
import type { TemplateSummary, TemplateVersion } from '../../../common/domains/finview/model';
import { BASE, input, provider, renderRoute, waitFor } from './harness';

// A new event rule: the trigger shows its own fields, a param may come from the event, the
// body is what the API takes, and the server's cron/params reasons land on their fields.

const template = { id: 1, name: 'Company news', kind: 'video', publishedVersion: 1, archived: false } as TemplateSummary;
const version = {
  templateId: 1, version: 1, kind: 'video', body: {}, bindings: {},
  paramsSchema: { type: 'object', properties: { company: { type: 'integer', title: 'Company', 'x-source': 'company-records' } }, required: ['company'] },
} as unknown as TemplateVersion;

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
    const created: Array<CreateParams<unknown>> = [];
    const server = provider({
      create: async (params) => {
        created.push(params);
        throw new ApiError('Some values are not valid.', 422, { errors: { 'conditions.companyIds': 'no such company' } });
      },
      custom: async ({ url }) => {
        if (url === `${BASE}/templates`) return { data: [template] as never };
        if (url === `${BASE}/templates/1/versions/1`) return { data: version as never };
        throw new ApiError('not found', 404);
      },
    });
    const route = <RulesPage />;
    renderRoute('/finview/rules/create', '/finview/rules/create', route, server);
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
