import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessage, catalogueOutcome } from '../../../src/pages/news/error-catalogue';
import { createDataProvider } from '../../../src/providers/data-provider';
import { uploadRowErrorsOf } from '../../../src/providers/news-errors';
import { companies } from '../../../common/resources/companies';
import { newsFeeds } from '../../../common/resources/news-feeds';
import { API, loggedIn, rcKey, server } from '../providers/harness';

// The catalogue against real answers: the sealing HTTP client and the data
// provider meet msw answering with the legacy statuses and with this server's 422.

const NEWS = `${API}/be-api-management/news`;
let kid = 10;
const withKey = (init: { status?: number; statusText?: string } = {}) => ({ ...init, headers: { 'rc-key': rcKey(++kid) } });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function setup() {
  const harness = await loggedIn();
  const dataProvider = createDataProvider({
    http: harness.client,
    definitions: [newsFeeds, companies],
    translate: harness.translate,
    defaultPageSize: 20,
  });
  const t = (key: string) => harness.translate(key);
  return { ...harness, dataProvider, t };
}

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const list = (dataProvider: Awaited<ReturnType<typeof setup>>['dataProvider']) =>
  dataProvider.getList({ resource: 'news-feeds', pagination: { currentPage: 1, pageSize: 20 } });
const post = (dataProvider: Awaited<ReturnType<typeof setup>>['dataProvider'], url: string, payload: unknown) =>
  dataProvider.custom!({ url, method: 'post', payload });

describe('the news-management error catalogue', () => {
  it('news list 404 (legacy) is "No data found", shown as an empty list', async () => {
    const { dataProvider, t } = await setup();
    server.use(http.get(`${NEWS}/news`, () => HttpResponse.json({ message: 'Not Found' }, withKey({ status: 404 }))));
    const error = await failureOf(() => list(dataProvider));
    expect(catalogueOutcome('newsList', error)).toEqual({ kind: 'empty', messageKey: 'news.errors.noData' });
    expect(catalogueMessage('newsList', error, t)).toBe('No data found');
  });

  it('news list 500 is the generic message', async () => {
    const { dataProvider, t } = await setup();
    server.use(http.get(`${NEWS}/news`, () => HttpResponse.json({ message: 'Internal Server Error' }, withKey({ status: 500 }))));
    expect(catalogueMessage('newsList', await failureOf(() => list(dataProvider)), t)).toBe(
      'Something went wrong. Please try again later.',
    );
  });

  it('a list request that never got an answer is the generic message too', async () => {
    const { dataProvider, t } = await setup();
    server.use(http.get(`${NEWS}/news`, () => HttpResponse.error()));
    expect(catalogueMessage('newsList', await failureOf(() => list(dataProvider)), t)).toBe(
      'Something went wrong. Please try again later.',
    );
  });

  it('an empty list is 200 [] with the total, not an error', async () => {
    const { dataProvider } = await setup();
    server.use(http.get(`${NEWS}/news`, () => HttpResponse.json([], { headers: { 'rc-key': rcKey(++kid), 'x-total-count': '0' } })));
    await expect(list(dataProvider)).resolves.toEqual({ data: [], total: 0, capped: false });
  });

  it.each([500, 422])('news update %i is "Please enter valid input for news"', async (status) => {
    const { dataProvider, t } = await setup();
    server.use(
      http.post(`${NEWS}/change-news-status`, () =>
        HttpResponse.json({ message: 'Some fields are not valid.', errors: { newsStatus: 'bad' } }, withKey({ status })),
      ),
    );
    const error = await failureOf(() => post(dataProvider, '/be-api-management/news/change-news-status', { items: [] }));
    expect(catalogueMessage('newsUpdate', error, t)).toBe('Please enter valid input for news');
  });

  it.each([
    [415, 'Unsupported Media Type'],
    [400, 'Bad Request'],
  ])('news update %i shows the server status text', async (status, text) => {
    const { dataProvider, t } = await setup();
    // The legacy service sent no body: the status line is all there is.
    server.use(http.post(`${NEWS}/change-news-status`, () => new HttpResponse(null, withKey({ status, statusText: text }))));
    const error = await failureOf(() => post(dataProvider, '/be-api-management/news/change-news-status', {}));
    expect(catalogueMessage('newsUpdate', error, t)).toBe(text);
    // With a message in the body, that message is the text.
    server.use(http.post(`${NEWS}/change-news-status`, () => HttpResponse.json({ message: `${text}: items` }, withKey({ status }))));
    const second = await failureOf(() => post(dataProvider, '/be-api-management/news/change-news-status', {}));
    expect(catalogueMessage('newsUpdate', second, t)).toBe(`${text}: items`);
  });

  it('a company that is not there is "No data found"; other failures are the generic message', async () => {
    const { dataProvider, t } = await setup();
    const load = () => dataProvider.custom!({ url: '/be-api-management/news/companies/7', method: 'get' });
    server.use(http.get(`${NEWS}/companies/7`, () => HttpResponse.json({ message: 'Company not found.' }, withKey({ status: 404 }))));
    expect(catalogueMessage('companyDetails', await failureOf(load), t)).toBe('No data found');
    server.use(http.get(`${NEWS}/companies/7`, () => HttpResponse.json({ message: 'boom' }, withKey({ status: 500 }))));
    expect(catalogueMessage('companyDetails', await failureOf(load), t)).toBe('Something went wrong. Please try again later.');
  });

  it('details 500 is the generic message', async () => {
    const { dataProvider, t } = await setup();
    server.use(http.get(`${NEWS}/news-details`, () => HttpResponse.json({ message: 'boom' }, withKey({ status: 500 }))));
    const error = await failureOf(() =>
      dataProvider.custom!({ url: '/be-api-management/news/news-details', method: 'get', query: { newsItemId: '1' } }),
    );
    expect(catalogueMessage('newsDetails', error, t)).toBe('Something went wrong. Please try again later.');
  });

  it.each([500, 422])('company update %i is the company-inputs message, in Spanish too', async (status) => {
    const { dataProvider, t } = await setup();
    server.use(
      http.post(`${NEWS}/update-company`, () =>
        HttpResponse.json({ message: 'Some fields are not valid.', errors: { compName: 'must contain letters' } }, withKey({ status })),
      ),
    );
    const error = await failureOf(() => post(dataProvider, '/be-api-management/news/update-company', { companyId: '1' }));
    expect(catalogueMessage('companyUpdate', error, t)).toBe("The company could not be updated. Please ensure alphanumeric characters only. For email addresses, '@','.' only.");
    const { createI18n } = await import('../../../src/i18n/i18n');
    const es = createI18n('es');
    expect(catalogueMessage('companyUpdate', error, (key) => es.t(key))).toBe("No se pudo actualizar la compañía. Use solo caracteres alfanuméricos. En las direcciones de correo electrónico, solo '@' y '.'.");
  });

  it('search and company-list failures are silent', async () => {
    const { dataProvider } = await setup();
    server.use(http.get(`${NEWS}/search-company`, () => HttpResponse.json({ message: 'x' }, withKey({ status: 500 }))));
    const error = await failureOf(() =>
      dataProvider.custom!({ url: '/be-api-management/news/search-company', method: 'get', query: { compName: "' OR 1=1" } }),
    );
    expect(catalogueOutcome('companySearch', error)).toEqual({ kind: 'silent' });
    expect(catalogueOutcome('companyList', error)).toEqual({ kind: 'silent' });
  });

  it('a refused upload keeps the server rows: 422 {errors: [{row, field, reason}]}', async () => {
    const { dataProvider, t } = await setup();
    server.use(
      http.post(`${NEWS}/upload-companies`, () =>
        HttpResponse.json(
          { message: 'Some rows are not valid (1 problems); nothing was imported.', errors: [{ row: 3, field: 'compName', reason: 'must contain letters, digits and spaces only' }] },
          withKey({ status: 422 }),
        ),
      ),
    );
    const error = await failureOf(() => post(dataProvider, '/be-api-management/news/upload-companies', new FormData()));
    expect(catalogueMessage('companyUpload', error, t)).toBe('The server refused the file; nothing was imported.');
    expect(uploadRowErrorsOf(error)).toEqual([{ row: 3, field: 'compName', reason: 'must contain letters, digits and spaces only' }]);
  });

  it.each([
    [422, 'tooManyStrings', "The workbook holds more than 1 100 000 texts; upload at most 50 000 companies in the template's columns.", 'El libro contiene más de 1 100 000 textos; suba como máximo 50 000 empresas con las columnas de la plantilla.'],
    [413, 'inflatedTooLarge', "The workbook unpacks to more than 140 MB; upload at most 50 000 companies in the template's columns.", 'El libro ocupa más de 140 MB una vez descomprimido; suba como máximo 50 000 empresas con las columnas de la plantilla.'],
    [422, 'tooManyRows', 'The sheet has more than 50 000 companies; split it into several files.', 'La hoja tiene más de 50 000 empresas; divídala en varios archivos.'],
  ])('an upload refused %i with reason %s is worded by the client', async (status, reason, english, spanish) => {
    const { dataProvider, t } = await setup();
    server.use(http.post(`${NEWS}/upload-companies`, () => HttpResponse.json({ message: 'The server words it in English.', reason }, withKey({ status }))));
    const error = await failureOf(() => post(dataProvider, '/be-api-management/news/upload-companies', new FormData()));
    expect(catalogueMessage('companyUpload', error, t)).toBe(english);
    const { createI18n } = await import('../../../src/i18n/i18n');
    const es = createI18n('es');
    expect(catalogueMessage('companyUpload', error, (key) => es.t(key))).toBe(spanish);
  });

  it('an upload refused with a reason the client does not know falls back on the status', async () => {
    const { dataProvider, t } = await setup();
    server.use(http.post(`${NEWS}/upload-companies`, () => HttpResponse.json({ message: 'x', reason: 'constructor' }, withKey({ status: 413 }))));
    const error = await failureOf(() => post(dataProvider, '/be-api-management/news/upload-companies', new FormData()));
    expect(catalogueMessage('companyUpload', error, t)).toBe('The file is larger than 10 MB.');
  });

  it('a session that ended says nothing here: the session watcher speaks', async () => {
    const { dataProvider } = await setup();
    server.use(http.get(`${NEWS}/news`, () => HttpResponse.json({ message: 'gone' }, { status: 401 })));
    expect(catalogueOutcome('newsList', await failureOf(() => list(dataProvider)))).toEqual({ kind: 'silent' });
  });
});
