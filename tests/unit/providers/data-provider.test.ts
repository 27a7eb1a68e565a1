import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/providers/data-provider';
import type { ResourceDefinition } from '../../../common/resources/types';
import { API, loggedIn, rcKey, server } from './harness';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const companies: ResourceDefinition = {
  name: 'companies',
  area: 'news-management',
  route: 'news-management/news/companies',
  labelKey: 'resources.companies',
  icon: 'BankOutlined',
  minRole: 2,
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  endpoint: 'be-api-management/news/companies',
};
const pending: ResourceDefinition = { ...companies, name: 'videos', labelKey: 'resources.videos', endpoint: undefined };
const legacy: ResourceDefinition = { ...companies, name: 'legacy-companies', idField: 'companyId', updateEndpoint: 'be-api-management/news/update-company' };
const COMPANIES = `${API}/be-api-management/news/companies`;
const withKey = { headers: { 'rc-key': rcKey(2) } };

async function provider() {
  const harness = await loggedIn();
  return {
    ...harness,
    data: createDataProvider({ http: harness.client, definitions: [companies, pending, legacy], translate: harness.translate, defaultPageSize: 20 }),
  };
}

describe('dataProvider', () => {
  it('getList sends page, pageSize, sort and filters and reads x-total-count', async () => {
    let query: Record<string, string> = {};
    server.use(
      http.get(COMPANIES, ({ request }) => {
        query = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json([{ id: 'c1' }, { id: 'c2' }], { headers: { 'rc-key': rcKey(2), 'x-total-count': '42' } });
      }),
    );
    const { data } = await provider();
    const result = await data.getList({
      resource: 'companies',
      pagination: { currentPage: 3, pageSize: 2 },
      sorters: [
        { field: 'compName', order: 'asc' },
        { field: 'updatedAt', order: 'desc' },
      ],
      filters: [
        { field: 'q', operator: 'contains', value: 'acme' },
        { field: 'companyIds', operator: 'in', value: ['a', 'b'] },
        { field: 'isActive', operator: 'eq', value: true },
        { field: 'ignored', operator: 'eq', value: undefined },
      ],
    });
    expect(result).toEqual({ data: [{ id: 'c1' }, { id: 'c2' }], total: 42, capped: false });
    expect(query).toEqual({
      page: '3',
      pageSize: '2',
      sort: 'compName:asc,updatedAt:desc',
      q: 'acme',
      companyIds: 'a,b',
      isActive: 'true',
    });
  });

  it('getList says when the server stopped counting (x-total-capped)', async () => {
    server.use(http.get(COMPANIES, () => HttpResponse.json([{ id: 'c1' }], { headers: { ...withKey.headers, 'x-total-count': '10000', 'x-total-capped': 'true' } })));
    const { data } = await provider();
    expect(await data.getList({ resource: 'companies' })).toEqual({ data: [{ id: 'c1' }], total: 10000, capped: true });
  });

  it('getList uses the configured page size and falls back to the row count without the header', async () => {
    let pageSize: string | null = null;
    server.use(
      http.get(COMPANIES, ({ request }) => {
        pageSize = new URL(request.url).searchParams.get('pageSize');
        return HttpResponse.json([{ id: 'c1' }], withKey);
      }),
    );
    const { data } = await provider();
    expect(await data.getList({ resource: 'companies' })).toEqual({ data: [{ id: 'c1' }], total: 1, capped: false });
    expect(pageSize).toBe('20');
  });

  it('maps getOne, create, update, deleteOne and custom onto the endpoint', async () => {
    const calls: string[] = [];
    const record = (method: string) => async ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      const body = method === 'GET' || method === 'DELETE' ? '' : ` ${await request.text()}`;
      calls.push(`${method} ${url.pathname}${url.search}${body}`);
      return HttpResponse.json({ id: 'c1' }, withKey);
    };
    server.use(
      http.get(`${COMPANIES}/:id`, record('GET')),
      http.post(COMPANIES, record('POST')),
      http.patch(`${COMPANIES}/:id`, record('PATCH')),
      http.delete(`${COMPANIES}/:id`, record('DELETE')),
      http.post(`${API}/be-api-management/news/update-company`, record('POST')),
    );
    const { data } = await provider();
    await data.getOne({ resource: 'companies', id: 'c 1' });
    await data.create({ resource: 'companies', variables: { compName: 'Acme' } });
    await data.update({ resource: 'companies', id: 'c1', variables: { compName: 'Acme 2' } });
    await data.deleteOne({ resource: 'companies', id: 'c1' });
    await data.custom?.({ url: '/be-api-management/news/update-company', method: 'post', payload: { companyId: 'c1' }, query: { dry: 'yes' } });
    expect(calls).toEqual([
      'GET /backoffice/api/be-api-management/news/companies/c%201',
      'POST /backoffice/api/be-api-management/news/companies {"compName":"Acme"}',
      'PATCH /backoffice/api/be-api-management/news/companies/c1 {"compName":"Acme 2"}',
      'DELETE /backoffice/api/be-api-management/news/companies/c1',
      'POST /backoffice/api/be-api-management/news/update-company?dry=yes {"companyId":"c1"}',
    ]);
  });

  it('answers the headers a custom call names (a keyset list\'s cursor), and only when named', async () => {
    server.use(http.get(`${API}/be-api-management/announcements`, () => HttpResponse.json([{ id: 1 }], { headers: { ...withKey.headers, 'x-next-cursor': 'abc', 'x-total-count': '7' } })));
    const { data } = await provider();
    const url = '/be-api-management/announcements';
    expect(await data.custom?.({ url, method: 'get', meta: { headers: ['x-next-cursor', 'x-total-count', 'x-total-capped'] } })).toEqual({
      data: [{ id: 1 }],
      headers: { 'x-next-cursor': 'abc', 'x-total-count': '7', 'x-total-capped': undefined },
    });
    expect(await data.custom?.({ url, method: 'get' })).toEqual({ data: [{ id: 1 }] });
  });

  it('sends a legacy update as POST {idField, ...values} and unwraps {result} answers', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`${COMPANIES}/:id`, () => HttpResponse.json({ result: { companyId: 7, compName: 'Acme' } }, withKey)),
      http.post(`${API}/be-api-management/news/update-company`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ result: { companyId: 7, compName: 'Acme 2' } }, withKey);
      }),
    );
    const { data } = await provider();
    expect((await data.getOne({ resource: 'legacy-companies', id: 7 })).data).toEqual({ companyId: 7, compName: 'Acme' });
    const updated = await data.update({ resource: 'legacy-companies', id: 7, variables: { compName: 'Acme 2', version: 3 } });
    expect(updated.data).toEqual({ companyId: 7, compName: 'Acme 2' });
    expect(bodies).toEqual([{ compName: 'Acme 2', version: 3, companyId: 7 }]);
  });

  it('sends the version a delete read (from meta) as its body', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.delete(`${COMPANIES}/:id`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 'c1' }, withKey);
      }),
    );
    const { data } = await provider();
    await data.deleteOne({ resource: 'companies', id: 'c1', meta: { version: 5 } });
    expect(bodies).toEqual([{ version: 5 }]);
  });

  it('never calls the server for a resource without an endpoint', async () => {
    let requests = 0;
    const { data } = await provider();
    server.events.on('request:start', () => (requests += 1));
    await expect(data.getList({ resource: 'videos' })).rejects.toMatchObject({
      statusCode: 501,
      message: 'Videos has no server endpoint yet.',
    });
    await expect(data.getOne({ resource: 'nothing', id: 1 })).rejects.toMatchObject({ statusCode: 501 });
    server.events.removeAllListeners();
    expect(requests).toBe(0);
  });

  it('turns a 422 into an HttpError with field errors', async () => {
    server.use(
      http.patch(`${COMPANIES}/:id`, () =>
        HttpResponse.json({ message: 'Check the company inputs.', errors: { email: 'invalid' } }, { status: 422, ...withKey }),
      ),
    );
    const { data } = await provider();
    await expect(data.update({ resource: 'companies', id: 'c1', variables: {} })).rejects.toMatchObject({
      statusCode: 422,
      message: 'Check the company inputs.',
      errors: { email: 'invalid' },
    });
  });

  it('refuses filters the flat query API cannot express', async () => {
    const { data } = await provider();
    await expect(
      data.getList({ resource: 'companies', filters: [{ field: 'createdAt', operator: 'gte', value: '2020-01-01' }] }),
    ).rejects.toThrow(/unsupported filter operator "gte"/);
  });

  it('getApiUrl is the configured API base', async () => {
    const { data } = await provider();
    expect(data.getApiUrl()).toBe(API);
  });
});
