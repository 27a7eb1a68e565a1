import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import { checkParams, paramsSchemaProblems } from '../../../server/src/modules/finview/params';
import { resolveBindings } from '../../../server/src/modules/finview/bindings';
import { isoWeek } from '../../../server/src/modules/finview/sources';
import { starterTemplate } from '../../../server/src/modules/finview/starter-templates';
import { readSettings } from '../../../server/src/modules/finview/settings';
import type { Bindings, ParamsSchema } from '../../../common/domains/finview/model';
import type { VideoTemplate } from '../../../common/domains/finview/template';
import { companyWithNews, finviewCallers } from './core-helper';

const SCHEMA: ParamsSchema = {
  type: 'object',
  properties: {
    companyId: { type: 'integer', minimum: 1, 'x-source': 'company-records' },
    days: { type: 'integer', minimum: 1, maximum: 30, default: 7 },
    status: { type: 'string', enum: ['APPROVED', 'PENDING'] },
    from: { type: 'string', format: 'date' },
  },
  required: ['companyId'],
  additionalProperties: false,
};

const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

it('checks params with ajv: defaults filled, errors keyed params.<name> with reason codes', () => {
  expect(checkParams(SCHEMA, { companyId: 3 })).toEqual({ ok: true, value: { companyId: 3, days: 7 } });
  const bad = checkParams(SCHEMA, { days: 99, status: 'X', from: '2026-02-30', extra: 1 });
  expect(bad.ok).toBe(false);
  if (bad.ok) return;
  expect(bad.reasons).toEqual({
    'params.companyId': { code: 'required' },
    'params.days': { code: 'tooLarge', params: { limit: 30 } },
    'params.status': { code: 'oneOf', params: { values: 'APPROVED, PENDING' } },
    'params.from': { code: 'format', params: { format: 'date' } },
    'params.extra': { code: 'notAllowed' },
  });
  expect(bad.errors['params.days']).toBe('must be at most 30');
  const typed = checkParams(SCHEMA, { companyId: '3' });
  expect(!typed.ok && typed.reasons).toEqual({ 'params.companyId': { code: 'type', params: { type: 'integer' } } });
  expect(paramsSchemaProblems(SCHEMA)).toEqual([]);
  expect(paramsSchemaProblems({ type: 'object', properties: { a: { type: 'string', pattern: '.*' } } })).not.toEqual([]);
  expect(paramsSchemaProblems({ type: 'object', properties: {}, required: ['nope'] })).toEqual(['/required: nope is not a property']);
  expect(isoWeek('2026-11-19')).toBe('2026-W47');
  expect(isoWeek('2027-01-01')).toBe('2026-W53');
});

describeEachDatabase('finview bindings', (suite) => {
  it('reads the sources now, fits them to the bound scene and names company params', async () => {
    const { app } = await finviewCallers(suite);
    const company = await companyWithNews(suite, 'Bound Bank', [0, 0, 2, 10]);
    await companyWithNews(suite, 'Other Bank', [0]);
    await suite.sql(`INSERT INTO news (source_table, company_id, headline, published_at, news_status) VALUES ('news_feed', $1, 'pending one', now(), 'PENDING')`, [company]);
    const starter = starterTemplate('video', 'Bound', await readSettings(app.db));
    const data = await resolveBindings(app, app.db, { body: starter.body, bindings: starter.bindings, params: { companyId: company }, paramsSchema: starter.paramsSchema });
    expect(data.values?.companyIdName).toBe('Bound Bank');
    expect(data.values?.chart).toEqual({ labels: [6, 5, 4, 3, 2, 1, 0].map(day), values: [0, 0, 0, 0, 1, 0, 2] });

    // The same binding on a ticker, a table and a line chart; news items and companies as rows.
    const body: VideoTemplate = {
      ...(starter.body as VideoTemplate),
      scenes: [
        { kind: 'ticker', start: 0, end: 1, bind: 'ticks', items: ['x'] },
        { kind: 'table', start: 0, end: 1, bind: 'table', columns: ['x'], rows: [] },
        { kind: 'line-chart', start: 0, end: 1, bind: 'line', labels: [], series: [{ name: 'x', values: [] }] },
      ],
    };
    const bindings: Bindings = {
      ticks: { plugin: 'news-items', args: { companyId: { param: 'companyId' }, status: 'ANY', limit: 2 } },
      table: { plugin: 'company-records', args: { companyIds: [company] } },
      line: { plugin: 'news-counts', args: { companyId: { param: 'companyId' }, days: 14, bucket: 'week' } },
    };
    const more = await resolveBindings(app, app.db, { body, bindings, params: { companyId: company } });
    expect((more.values?.ticks as { items: string[] }).items).toHaveLength(2);
    expect((more.values?.ticks as { items: string[] }).items[0]).toMatch(new RegExp(`^${day(0)} · (pending one|Bound Bank headline [01])$`));
    expect(more.values?.table).toMatchObject({ columns: ['Company', 'ISIN', 'Ticker', 'Exchange', 'Sector'], rows: [['Bound Bank', expect.any(String), '', '', 'Banks']] });
    const line = more.values?.line as { labels: string[]; series: Array<{ name: string; values: number[] }> };
    expect(line.series[0]?.name).toBe('Bound Bank');
    expect(line.series[0]?.values.reduce((a, b) => a + b, 0)).toBe(4);
    expect(line.labels.every((label) => /^\d{4}-W\d{2}$/.test(label))).toBe(true);

    // Refusals: a missing company, args out of bounds, a shape that does not fit, a plugin off or unavailable.
    const refused = (promise: Promise<unknown>) => promise.then(() => null, (error: { statusCode: number; code: string; reasons?: unknown; params?: unknown }) => [error.statusCode, error.code, error.reasons ?? error.params]);
    expect(await refused(resolveBindings(app, app.db, { body: starter.body, bindings: starter.bindings, params: { companyId: 999999 } }))).toEqual([
      422,
      'validation',
      { 'bindings.chart': { code: 'companyMissing', params: { arg: 'companyId' } } },
    ]);
    expect(await refused(resolveBindings(app, app.db, { body: starter.body, bindings: { chart: { plugin: 'news-counts', args: { companyId: company, days: 5000 } } }, params: {} }))).toEqual([
      422,
      'validation',
      { 'bindings.chart': { code: 'tooLarge', params: { limit: 365, arg: 'days' } } },
    ]);
    expect(await refused(resolveBindings(app, app.db, { body: starter.body, bindings: { chart: { plugin: 'company-records', args: {} } }, params: {} }))).toEqual([
      422,
      'validation',
      { 'bindings.chart': { code: 'invalid' } },
    ]);
    // Announcements are a source while their area is on (here), unavailable in the shipped config.
    expect(await refused(resolveBindings(app, app.db, { body: starter.body, bindings: { chart: { plugin: 'announcements', args: {} } }, params: {} }))).toEqual([
      422,
      'validation',
      { 'bindings.chart': { code: 'invalid' } },
    ]);
    const shipped = await suite.build({ APP_CONFIG: 'config/app.json' });
    expect(await refused(resolveBindings(shipped, shipped.db, { body: starter.body, bindings: { chart: { plugin: 'announcements', args: {} } }, params: {} }))).toEqual([
      422,
      'finviewPluginUnavailable',
      { plugin: 'announcements' },
    ]);
    await suite.sql(`UPDATE finview_plugins SET enabled = false WHERE id = 'news-counts'`);
    expect(await refused(resolveBindings(app, app.db, { body: starter.body, bindings: starter.bindings, params: { companyId: company } }))).toEqual([
      422,
      'finviewPluginOff',
      { plugin: 'news-counts' },
    ]);
  });
});
