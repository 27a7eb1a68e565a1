import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { createUser, describeEachDatabase, formData, login, sealed, type Session, type FormFile } from '../helper';
import type { PluginAnswer, PriceSeries } from '../../../common/domains/finview/model';
import { call, companyWithNews, counts, finviewCallers, FINVIEW_API } from './core-helper';

function upload(app: FastifyInstance, session: Session, fields: Record<string, string>, files: FormFile[]) {
  const body = formData(fields, files);
  return sealed(app, session, { method: 'POST', url: `${FINVIEW_API}/plugins/price-series/series`, payload: body.payload, headers: { 'content-type': body.contentType } });
}

function xlsx(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Prices');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

const SERIES_TABLES = ['finview_price_series', 'finview_price_points', 'audit_log'];

describeEachDatabase('finview plugins', (suite) => {
  it('lists sources then widgets; only Admins switch and configure them; a sample reads real data', async () => {
    const { app, user, admin } = await finviewCallers(suite);
    const company = await companyWithNews(suite, 'Sample Bank', [0, 3]);
    const list = await call(app, user, 'GET', '/plugins');
    expect(list.statusCode).toBe(200);
    const plugins = list.json<PluginAnswer[]>();
    expect(plugins.map((plugin) => plugin.id)).toEqual(['news-counts', 'news-items', 'company-records', 'announcements', 'price-series', 'title', 'bar-chart', 'line-chart', 'ticker', 'table', 'logo', 'text']);
    const counts0 = plugins[0]!;
    expect(counts0).toMatchObject({ kind: 'source', enabled: true, available: true, config: { maxDays: 365 }, fits: ['bar-chart', 'line-chart', 'table', 'ticker'] });
    expect(counts0.argsSchema).toMatchObject({ required: ['companyId'], properties: { days: { maximum: 365 } } });
    // The announcements area is on here (and off in the shipped config: the last test).
    expect(plugins.find((plugin) => plugin.id === 'announcements')).toMatchObject({ available: true, config: { maxItems: 50 }, fits: ['table', 'ticker'] });

    // The generic list's protocol: a kind (its tabs), a search, pages with the whole total; and one plugin.
    const widgets = await call(app, user, 'GET', '/plugins?kind=widget&page=2&pageSize=5');
    expect([widgets.json<PluginAnswer[]>().map((plugin) => plugin.id), widgets.headers['x-total-count']]).toEqual([['logo', 'text'], '7']);
    const found = await call(app, user, 'GET', '/plugins?q=CHART');
    expect(found.json<PluginAnswer[]>().map((plugin) => plugin.id)).toEqual(['bar-chart', 'line-chart']);
    expect((await call(app, user, 'GET', '/plugins/price-series')).json<PluginAnswer>()).toMatchObject({ id: 'price-series', kind: 'source' });
    expect((await call(app, user, 'GET', '/plugins/no-such')).statusCode).toBe(422);

    expect((await call(app, user, 'PUT', '/plugins/news-counts', { enabled: false, config: { maxDays: 30 }, version: 1 })).statusCode).toBe(403);
    const badConfig = await call(app, admin, 'PUT', '/plugins/news-counts', { enabled: true, config: { maxDays: 0, other: 1 }, version: 1 });
    expect([badConfig.statusCode, badConfig.json().reasons]).toEqual([422, { 'config.maxDays': { code: 'tooSmall', params: { limit: 1 } }, 'config.other': { code: 'notAllowed' } }]);
    const saved = await call(app, admin, 'PUT', '/plugins/news-counts', { enabled: true, config: { maxDays: 30 }, version: 1 });
    expect(saved.json<PluginAnswer>()).toMatchObject({ config: { maxDays: 30 }, version: 2, updatedBy: { username: 'admin' }, argsSchema: { properties: { days: { maximum: 30 } } } });
    const stale = await call(app, admin, 'PUT', '/plugins/news-counts', { enabled: false, config: { maxDays: 30 }, version: 1 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'staleEdit']);

    const sample = await call(app, user, 'POST', '/plugins/news-counts/sample', { args: { companyId: company, days: 5 } });
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.json()).toMatchObject({ data: { shape: 'series', name: 'Sample Bank', values: [0, 1, 0, 0, 1] } });
    const capped = await call(app, user, 'POST', '/plugins/news-counts/sample', { args: { companyId: company, days: 31 } });
    expect(capped.json().reasons).toEqual({ args: { code: 'tooLarge', params: { limit: 30, arg: 'days' } } });
    const rows = await call(app, user, 'POST', '/plugins/company-records/sample', { args: { companyIds: [company] } });
    expect(rows.json().data).toMatchObject({ shape: 'rows', rows: [['Sample Bank', expect.any(String), '', '', 'Banks']] });

    await call(app, admin, 'PUT', '/plugins/news-counts', { enabled: false, config: { maxDays: 30 }, version: 2 });
    const off = await call(app, user, 'POST', '/plugins/news-counts/sample', { args: { companyId: company } });
    expect([off.statusCode, off.json().code, off.json().params]).toEqual([422, 'finviewPluginOff', { plugin: 'news-counts' }]);
    const audit = await suite.sql<{ entity_id: string }>(`SELECT entity_id FROM audit_log WHERE entity = 'finview_plugin'`);
    expect(audit).toEqual([{ entity_id: 'news-counts' }, { entity_id: 'news-counts' }]);
  });

  it('uploads price series from .xlsx and CSV in a worker, refuses unreadable files whole, and deletes them', async () => {
    const { app, user } = await finviewCallers(suite);
    const before = await counts(suite, SERIES_TABLES);
    const noColumns = await upload(app, user, { name: 'Bad' }, [{ field: 'file', filename: 'bad.csv', content: Buffer.from('When,Amount\n2026-01-01,3\n') }]);
    expect([noColumns.statusCode, noColumns.json().code, noColumns.json().reasons]).toEqual([422, 'finviewSeriesUnreadable', { file: { code: 'headerMissing' } }]);
    const badRows = await upload(app, user, { name: 'Bad' }, [{ field: 'file', filename: 'bad.csv', content: Buffer.from('Date,Close\n2026-01-01,3\nyesterday,4\n2026-01-03,abc\n') }]);
    expect(badRows.json().reasons).toEqual({ 'rows.3': { code: 'date' }, 'rows.4': { code: 'type', params: { type: 'number' } } });
    expect(await counts(suite, SERIES_TABLES)).toEqual(before);

    const csv = await upload(app, user, { name: 'Nifty', symbol: 'NIFTY' }, [{ field: 'file', filename: 'nifty.csv', content: Buffer.from('Date,Close\n2026-01-02,101.5\n2026-01-01,"1,100"\n') }]);
    expect(csv.statusCode, csv.body).toBe(201);
    expect(csv.json<PriceSeries>()).toMatchObject({ name: 'Nifty', symbol: 'NIFTY', filename: 'nifty.csv', pointCount: 2, firstDay: '2026-01-01', lastDay: '2026-01-02' });
    const workbook = xlsx([['Date', 'Price'], [new Date(Date.UTC(2026, 0, 5)), 7], [new Date(Date.UTC(2026, 0, 6)), 8]]);
    const book = await upload(app, user, { name: 'Gold' }, [{ field: 'file', filename: 'gold.xlsx', content: workbook }]);
    expect(book.statusCode, book.body).toBe(201);
    expect(book.json<PriceSeries>()).toMatchObject({ pointCount: 2, firstDay: '2026-01-05', lastDay: '2026-01-06' });
    const taken = await upload(app, user, { name: 'nifty' }, [{ field: 'file', filename: 'n.csv', content: Buffer.from('Date,Value\n2026-01-01,1\n') }]);
    expect([taken.statusCode, taken.json().reasons]).toEqual([409, { name: { code: 'nameTaken' } }]);

    const listed = await call(app, user, 'GET', '/plugins/price-series/series');
    expect([listed.headers['x-total-count'], listed.json<PriceSeries[]>().map((series) => series.name)]).toEqual(['2', ['Gold', 'Nifty']]);
    const id = csv.json<PriceSeries>().id;
    const sample = await call(app, user, 'POST', '/plugins/price-series/sample', { args: { seriesId: id } });
    expect(sample.json().data).toEqual({ shape: 'series', name: 'Nifty', labels: ['2026-01-01', '2026-01-02'], values: [1100, 101.5] });

    // A rule passing it to a price-series param of its template keeps it.
    const [template] = await suite.sql<{ id: number }>(`INSERT INTO finview_templates (name, kind, published_version) VALUES ('Prices', 'video', 1) RETURNING id::int AS id`);
    await suite.sql(
      `INSERT INTO finview_template_versions (template_id, version, status, body, params_schema) VALUES ($1, 1, 'published', '{}', '{"type":"object","properties":{"series":{"type":"integer","x-source":"price-series"}}}')`,
      [template!.id],
    );
    const [rule] = await suite.sql<{ id: number }>(`INSERT INTO finview_rules (name, trigger, template_id, params) VALUES ('r', 'manual', $1, $2::jsonb) RETURNING id::int AS id`, [template!.id, JSON.stringify({ series: id })]);
    const inUse = await call(app, user, 'DELETE', `/plugins/price-series/series/${id}`);
    expect([inUse.statusCode, inUse.json().code]).toEqual([409, 'finviewSeriesInUse']);
    await suite.sql('DELETE FROM finview_rules WHERE id = $1', [rule!.id]);
    expect((await call(app, user, 'DELETE', `/plugins/price-series/series/${id}`)).statusCode).toBe(204);
    expect((await call(app, user, 'DELETE', `/plugins/price-series/series/${id}`)).json().code).toBe('finviewSeriesNotFound');
    expect(await suite.sql('SELECT 1 FROM finview_price_points WHERE series_id = $1', [id])).toEqual([]);
    const missing = await call(app, user, 'POST', '/plugins/price-series/sample', { args: { seriesId: id } });
    expect(missing.json().reasons).toEqual({ args: { code: 'seriesMissing', params: { arg: 'seriesId' } } });
  });

  it('offers the announcements source only while the announcements area is on', async () => {
    const app = await suite.build({ APP_CONFIG: 'config/app.json' });
    const made = await createUser(suite, app);
    const user = await login(app, made.username, made.password);
    const list = await call(app, user, 'GET', '/plugins');
    expect(list.json<PluginAnswer[]>().find((plugin) => plugin.id === 'announcements')?.available).toBe(false);
    const unavailable = await call(app, user, 'POST', '/plugins/announcements/sample', { args: {} });
    expect([unavailable.statusCode, unavailable.json().code]).toEqual([422, 'finviewPluginUnavailable']);
  });
});
