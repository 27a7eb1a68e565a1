import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import { readWithOpenpyxl } from '../../fixtures/openpyxl';
import { get, insertCompany, insertNews, newsCallers, post } from './news-helper';

// `POST be-api-management/news/news/export`: the items the list's filters match, in the
// list's order, as .xlsx (read back by openpyxl) or CSV; the selection by ids.

const COLUMNS = [
  { field: 'newsItemId', label: 'Id' },
  { field: 'companyName', label: 'Empresa' },
  { field: 'headline', label: 'Titular' },
  { field: 'publishedAt', label: 'Publicada' },
  { field: 'newsStatus', label: 'Estado' },
];

describeEachDatabase('news export', (suite) => {
  it('exports the filtered items as typed .xlsx in the list order, and only the selection with ids', async () => {
    const { app, analyst } = await newsCallers(suite);
    const company = await insertCompany(suite, 'Exporting Ltd');
    const other = await insertCompany(suite, 'Other Ltd');
    const ids = [
      await insertNews(suite, company, '2003-05-01T10:00:00Z', 'PENDING', '=1+1 looks like a formula'),
      await insertNews(suite, company, '2003-05-03T10:00:00Z', 'APPROVED'),
      await insertNews(suite, company, '2003-05-02T10:00:00Z', 'PENDING'),
    ];
    await insertNews(suite, other, '2003-05-02T11:00:00Z', 'PENDING');
    const query = { companyIds: company, dateFrom: '2003-05-01', dateTo: '2003-05-31' };
    const list = (await get(app, analyst, '/news', query)).json<Array<{ newsItemId: string; publishedAt: string }>>();
    expect(list.map((item) => item.newsItemId)).toEqual([ids[1], ids[2], ids[0]]);

    const response = await post(app, analyst, '/news/export', { format: 'xlsx', columns: COLUMNS, query, timeZone: 'UTC' });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="news-\d{8}-\d{4}\.xlsx"/);
    const book = readWithOpenpyxl(response.rawPayload);
    const [header, ...rows] = book.rows;
    expect(header?.map((cell) => cell.value)).toEqual(['Id', 'Empresa', 'Titular', 'Publicada', 'Estado']);
    expect(rows.map((row) => row.map((cell) => cell.type))).toEqual(list.map(() => ['int', 'str', 'str', 'datetime', 'str']));
    expect(rows.map((row) => row[0]?.value)).toEqual(list.map((item) => Number(item.newsItemId)));
    expect(rows.map((row) => row[3]?.value)).toEqual(list.map((item) => item.publishedAt.replace('.000Z', '')));
    // Text that looks like a formula is text, unchanged.
    expect(rows[2]?.[2]).toEqual({ type: 'str', value: '=1+1 looks like a formula' });

    const selected = await post(app, analyst, '/news/export', { format: 'csv', columns: COLUMNS.slice(0, 1), query, ids: [ids[0], ids[1]] });
    expect(selected.statusCode).toBe(200);
    expect(selected.rawPayload.toString('utf8')).toBe(`\uFEFFId\r\n${ids[1]}\r\n${ids[0]}\r\n`);
  });

  it('reads a set larger than one cursor batch, in order, every row once', async () => {
    const { app, analyst } = await newsCallers(suite);
    const company = await insertCompany(suite, 'Many Items Ltd');
    await suite.sql(
      `INSERT INTO news (source_table, company_id, headline, summary, body, source, url, published_at, news_status)
       SELECT 'news_feed', $1, 'Item ' || g, 's', 'b', 'PTI', 'https://news.example/' || g, timestamptz '2004-01-01' + g * interval '1 minute', 'PENDING'
       FROM generate_series(1, 2500) AS g`,
      [company],
    );
    const expected = (await suite.sql<{ id: string }>(`SELECT news_item_id::text AS id FROM news WHERE company_id = $1 ORDER BY published_at ASC, news_item_id ASC`, [company])).map((row) => row.id);
    const response = await post(app, analyst, '/news/export', { format: 'csv', columns: [{ field: 'newsItemId', label: 'Id' }], query: { companyIds: company, sort: 'publishedAt:asc' } });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Id');
    expect(lines.slice(1)).toEqual(expected);
  });

  it('refuses reversed dates and unknown columns (422) and keeps to the list’s access', async () => {
    const { app, analyst } = await newsCallers(suite);
    const reversed = await post(app, analyst, '/news/export', { format: 'csv', columns: COLUMNS, query: { dateFrom: '2003-05-02', dateTo: '2003-05-01' } });
    expect(reversed.statusCode).toBe(422);
    const unknown = await post(app, analyst, '/news/export', { format: 'csv', columns: [{ field: 'body', label: 'Body' }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ reasons: Record<string, { code: string }> }>().reasons['columns.0.field']?.code).toBe('exportColumn');
    const unsealed = await app.inject({ method: 'POST', url: '/backoffice/api/be-api-management/news/news/export', payload: { format: 'csv', columns: COLUMNS } });
    expect(unsealed.statusCode).toBe(401);
  });
});
