import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { API, ADMIN_PASSWORD, createUser, describeEachDatabase, freshIp, login, sealed, uniqueName, type Session } from './helper.js';
import { allAreasConfigFile } from './admin/admin-helper.js';
import { EXCEL_API_KEY, postMultipart } from './news/news-helper.js';

// Every route of the API description, every parameter and body field, each hostile value
// in turn (the other fields valid): the answer must be a 4xx with a message, never a 5xx.
// Routes come from the OpenAPI document, so a route added later is walked too.

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
}

interface Operation {
  parameters?: { in: 'query' | 'path'; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '2024-02-31',
  '2024-13-45',
  '1e21',
  '9999999999999999999',
  1e21,
  1e300,
  -1,
  1.5,
  'x'.repeat(5000),
  [],
  {},
  null,
];

// Routes that would end the caller's session or cannot take a sample: walked elsewhere.
const SKIPPED = new Set(['POST /logout']);

interface Fixtures {
  userId: string;
  enterpriseId: string;
  companyId: string;
  news: { newsItemId: string; tableName: string };
}

/** A value the field accepts, so the hostile value in another field reaches the code behind it. */
function sampleFor(name: string, schema: Schema, path: string, fixtures: Fixtures): unknown {
  const named: Record<string, () => unknown> = {
    id: () => (path.includes('/enterprises/') ? fixtures.enterpriseId : fixtures.userId),
    companyId: () => fixtures.companyId,
    companyIds: () => fixtures.companyId,
    newsItemId: () => fixtures.news.newsItemId,
    tableName: () => fixtures.news.tableName,
    items: () => [fixtures.news],
    username: () => uniqueName('fz'),
    email: () => `${uniqueName('fz')}@example.com`,
    password: () => 'Secret123',
    newPassword: () => 'Secret123',
    oldPassword: () => 'Wrong1234',
    otp: () => '123456',
    name: () => uniqueName('Fuzz '),
    compName: () => 'Acme',
    mailDomain: () => `${uniqueName('fz')}.example`,
    newsStatus: () => 'PENDING',
    role: () => 2,
    enterpriseId: () => null,
  };
  const known = named[name];
  if (known) return known();
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return sampleFor(name, branch, path, fixtures);
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'array':
      return [sampleFor(name, schema.items ?? {}, path, fixtures)];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sampleFor(key, schema.properties?.[key] ?? {}, path, fixtures)]));
    default:
      return schema.format === 'date' ? '2024-01-02' : schema.format === 'email' ? 'fuzz@example.com' : 'x';
  }
}

interface Case {
  method: string;
  url: string;
  query: Record<string, unknown>;
  body?: Record<string, unknown>;
  label: string;
}

/** Each field of each operation with each hostile value; the other fields as their samples. */
function casesOf(doc: { paths: Record<string, Record<string, Operation>> }, fixtures: Fixtures): Case[] {
  const cases: Case[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path.slice(API.length)}`;
      if (SKIPPED.has(route)) continue;
      const params = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const fields = [
        ...params.map((param) => ({ where: param.in, name: param.name, schema: param.schema })),
        ...Object.entries(bodySchema?.properties ?? {}).map(([name, schema]) => ({ where: 'body' as const, name, schema })),
      ];
      const build = (target?: { where: string; name: string; value: unknown }): Case => {
        const pathValues: Record<string, unknown> = {};
        const query: Record<string, unknown> = {};
        for (const param of params) {
          const value = target?.where === param.in && target.name === param.name ? target.value : sampleFor(param.name, param.schema, path, fixtures);
          if (param.in === 'path') pathValues[param.name] = value;
          else if (target?.name === param.name || param.name in { companyIds: 1, newsItemId: 1, tableName: 1, compName: 1 }) query[param.name] = value;
        }
        const body = bodySchema
          ? Object.fromEntries(
              Object.entries(bodySchema.properties ?? {})
                .filter(([name]) => target?.name === name || (bodySchema.required ?? []).includes(name))
                .map(([name, schema]) => [name, target?.where === 'body' && target.name === name ? target.value : sampleFor(name, schema, path, fixtures)]),
            )
          : undefined;
        const url = path.replace(/{(\w+)}/g, (_, name: string) => component(pathValues[name]));
        return { method: method.toUpperCase(), url, query, ...(body ? { body } : {}), label: `${route} ${target ? `${target.where}.${target.name}=${JSON.stringify(target.value).slice(0, 30)}` : '(samples)'}` };
      };
      cases.push(build());
      for (const field of fields) for (const value of HOSTILE) cases.push(build({ ...field, value }));
    }
  }
  return cases;
}

/** A URL component; a lone surrogate, which encodeURIComponent refuses, as the bytes a client could still send. */
function component(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return text.split('').map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

/** The query string; objects and arrays as their JSON text. */
function queryText(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).map(([key, value]) => `${key}=${component(value)}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

async function send(app: FastifyInstance, session: Session, anonymous: Set<string>, test: Case) {
  const route = `${test.method} ${test.label.split(' ')[1]}`;
  const request = {
    method: test.method as 'GET',
    url: `${test.url}${queryText(test.query)}`,
    ...(test.body ? { payload: test.body } : {}),
  };
  return anonymous.has(route) ? app.inject({ ...request, remoteAddress: freshIp() }) : sealed(app, session, request);
}

describeEachDatabase('hostile inputs', (suite) => {
  it('answers every hostile value in every field of every route with a 4xx and a message, never a 5xx', { timeout: 480_000 }, async () => {
    // Every area on: a switched-off module's routes answer 404 before any input reaches them.
    const app = await suite.build({ APP_CONFIG: allAreasConfigFile() });
    const session = await login(app, 'superadmin', ADMIN_PASSWORD);
    const target = await createUser(suite, app);
    const [enterprise] = await suite.sql<{ id: string }>('SELECT id::text AS id FROM enterprises ORDER BY id LIMIT 1');
    const [company] = await suite.sql<{ id: string }>('SELECT company_id::text AS id FROM companies ORDER BY company_id LIMIT 1');
    const [news] = await suite.sql<{ newsItemId: string; tableName: string }>(
      'SELECT news_item_id::text AS "newsItemId", source_table AS "tableName" FROM news ORDER BY news_item_id LIMIT 1',
    );
    if (!enterprise || !company || !news) throw new Error('the demo data has no enterprise, company or news item');
    const fixtures: Fixtures = { userId: target.userId, enterpriseId: enterprise.id, companyId: company.id, news };
    const anonymous = new Set(app.routeAccess.filter((entry) => entry.access === 'anonymous').map((entry) => `${entry.method} ${entry.url.slice(API.length)}`));

    const failures: string[] = [];
    const cases = casesOf(app.swagger() as { paths: Record<string, Record<string, Operation>> }, fixtures);
    for (const test of cases) {
      const response = await send(app, session, anonymous, test);
      const body = String(response.headers['content-type']).includes('json') ? (response.json() as { message?: unknown }) : {};
      if (response.statusCode >= 500 || (response.statusCode >= 400 && typeof body.message !== 'string')) {
        failures.push(`${response.statusCode} ${test.label}`);
      }
    }
    // Values inside arrays, which the walk above replaces whole.
    for (const newsItemId of [1e21, 2 ** 60, '9999999999999999999', 'a\u0000b']) {
      const response = await sealed(app, session, {
        method: 'POST',
        url: `${API}/be-api-management/news/change-news-status`,
        payload: { items: [{ newsItemId, tableName: news.tableName }], newsStatus: 'APPROVED' },
      });
      if (response.statusCode >= 500) failures.push(`${response.statusCode} POST change-news-status items.0.newsItemId=${String(newsItemId)}`);
    }
    // The multipart fields, which no JSON schema describes.
    for (const value of ['\u0000', '[{"newsItemId":"1\\u0000","tableName":"news_feed"}]', '[{"newsItemId":1e21,"tableName":"news_feed"}]']) {
      const response = await postMultipart(app, session, '/excel-download', { newsItemsForExcel: value }, undefined, { 'x-api-key': EXCEL_API_KEY });
      if (response.statusCode >= 500) failures.push(`${response.statusCode} POST excel-download newsItemsForExcel=${JSON.stringify(value)}`);
    }
    expect(cases.length).toBeGreaterThan(300);
    expect(failures.join("\n")).toBe("");
  });
});
