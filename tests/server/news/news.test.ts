import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helper';
import { EXCEL_API_KEY, get, insertCompany, insertNews, newsCallers, post, postMultipart, readSheet } from './news-helper';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describeEachDatabase('news feeds', (suite) => {
  /** Two companies and five items in March of `year`, far from the demo data's last year. */
  async function fixture(year: number) {
    const a = await insertCompany(suite, `Acme ${year}`);
    const b = await insertCompany(suite, `Beta ${year}`);
    const ids = {
      a1: await insertNews(suite, a, `${year}-03-01T00:00:00Z`, 'PENDING'),
      a2: await insertNews(suite, a, `${year}-03-02T23:59:59Z`, 'APPROVED'),
      a3: await insertNews(suite, a, `${year}-03-03T12:00:00Z`, 'REJECTED', 'Third', 'news_wire'),
      b1: await insertNews(suite, b, `${year}-03-02T10:00:00Z`, 'PENDING'),
      b2: await insertNews(suite, b, `${year}-03-04T08:00:00Z`, 'PENDING'),
    };
    return { a, b, ids };
  }
  const idsOf = (body: Array<{ newsItemId: string }>) => body.map((item) => item.newsItemId);

  it('lists with each filter, inclusive dates, allCompany, sort and an exact x-total-count', async () => {
    const { app, analyst } = await newsCallers(suite);
    const { a, b, ids } = await fixture(2001);

    const byCompany = await get(app, analyst, '/news', { companyIds: a });
    expect(byCompany.statusCode).toBe(200);
    expect(idsOf(byCompany.json())).toEqual([ids.a3, ids.a2, ids.a1]);
    expect(byCompany.headers['x-total-count']).toBe('3');
    expect(String(byCompany.headers['access-control-expose-headers'])).toContain('x-total-count');
    expect(String(byCompany.headers['access-control-expose-headers'])).toContain('rc-key');
    expect(byCompany.json()[0]).toEqual({
      newsItemId: ids.a3,
      tableName: 'news_wire',
      companyId: a,
      companyName: 'Acme 2001',
      headline: 'Third',
      summary: 'A summary',
      source: 'PTI',
      url: 'https://news.example/1',
      publishedAt: '2001-03-03T12:00:00.000Z',
      newsStatus: 'REJECTED',
      updatedAt: expect.any(String),
      updatedBy: null,
      version: expect.any(Number),
    });

    const pending = await get(app, analyst, '/news', { companyIds: `${a},${b}`, newsStatus: 'PENDING' });
    expect(idsOf(pending.json())).toEqual([ids.b2, ids.b1, ids.a1]);
    expect(pending.headers['x-total-count']).toBe('3');

    // Both bounds are whole days and inclusive: 00:00:00 and 23:59:59 count.
    const day2 = await get(app, analyst, '/news', { companyIds: `${a},${b}`, dateFrom: '2001-03-02', dateTo: '2001-03-02' });
    expect(idsOf(day2.json())).toEqual([ids.a2, ids.b1]);
    const day1 = await get(app, analyst, '/news', { companyIds: a, dateFrom: '2001-03-01', dateTo: '2001-03-01' });
    expect(idsOf(day1.json())).toEqual([ids.a1]);

    // allCompany ignores companyIds; without companies the count comes from the day counters.
    const all = await get(app, analyst, '/news', { companyIds: a, allCompany: 'true', dateFrom: '2001-01-01', dateTo: '2001-12-31' });
    expect(idsOf(all.json())).toEqual([ids.b2, ids.a3, ids.a2, ids.b1, ids.a1]);
    expect(all.headers['x-total-count']).toBe('5');
    const allPending = await get(app, analyst, '/news', { allCompany: 'true', newsStatus: 'PENDING', dateFrom: '2001-03-02' , dateTo: '2001-03-04' });
    expect(allPending.headers['x-total-count']).toBe('2');

    const oldestFirst = await get(app, analyst, '/news', { companyIds: `${a},${b}`, sort: 'publishedAt:asc' });
    expect(idsOf(oldestFirst.json())).toEqual([ids.a1, ids.b1, ids.a2, ids.a3, ids.b2]);
    const byName = await get(app, analyst, '/news', { companyIds: `${b},${a}`, sort: 'companyName:desc' });
    expect(idsOf(byName.json())).toEqual([ids.b2, ids.b1, ids.a3, ids.a2, ids.a1]);
    const byStatus = await get(app, analyst, '/news', { companyIds: a, sort: 'newsStatus:asc' });
    expect(byStatus.json().map((item: { newsStatus: string }) => item.newsStatus)).toEqual(['APPROVED', 'PENDING', 'REJECTED']);

    // The unfiltered total is exact too.
    const [counted] = await suite.sql<{ total: string }>('SELECT count(*)::text AS total FROM news');
    expect((await get(app, analyst, '/news')).headers['x-total-count']).toBe(counted?.total);
  });

  it('pages on the server and answers 200 [] for an empty page or filter', async () => {
    const { app, admin } = await newsCallers(suite);
    const { a, ids } = await fixture(2002);
    const page2 = await get(app, admin, '/news', { companyIds: a, page: '2', pageSize: '2' });
    expect(idsOf(page2.json())).toEqual([ids.a1]);
    expect(page2.headers['x-total-count']).toBe('3');
    const beyond = await get(app, admin, '/news', { companyIds: a, page: '5', pageSize: '2' });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    const none = await get(app, admin, '/news', { companyIds: a, dateFrom: '2030-01-01' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    // The configured default page size (20) applies without pageSize.
    expect((await get(app, admin, '/news')).json()).toHaveLength(20);
  });

  it('refuses a bad query with 422 naming the field', async () => {
    const { app, analyst } = await newsCallers(suite);
    const cases: Array<[Record<string, string>, string]> = [
      [{ newsStatus: 'DONE' }, 'newsStatus'],
      [{ dateFrom: '2024-13-01' }, 'dateFrom'],
      [{ dateTo: "2024-01-01' OR 1=1 --" }, 'dateTo'],
      [{ companyIds: '1,abc' }, 'companyIds'],
      [{ page: '0' }, 'page'],
      [{ pageSize: '201' }, 'pageSize'],
      [{ sort: 'headline;DROP TABLE news:asc' }, 'sort'],
      [{ sort: 'body:asc' }, 'sort'],
      [{ dateFrom: '2024-02-01', dateTo: '2024-01-01' }, 'dateTo'],
    ];
    for (const [query, field] of cases) {
      const response = await get(app, analyst, '/news', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
  });

  it('shows the details with the body; an unknown tableName is 422, an unknown item 404', async () => {
    const { app, analyst } = await newsCallers(suite);
    const { a, ids } = await fixture(2003);
    const response = await get(app, analyst, '/news-details', { newsItemId: ids.a3, tableName: 'news_wire', newsStatus: 'REJECTED' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.payload).toMatchObject({
      newsItemId: ids.a3,
      tableName: 'news_wire',
      companyId: a,
      headline: 'Third',
      body: '<p>Body <script>alert(1)</script></p>',
      comment: null,
    });
    const wrongTable = await get(app, analyst, '/news-details', { newsItemId: ids.a3, tableName: 'users' });
    expect(wrongTable.statusCode).toBe(422);
    expect(Object.keys(wrongTable.json().errors)).toEqual(['tableName']);
    expect((await get(app, analyst, '/news-details', { newsItemId: ids.a3, tableName: 'news_feed' })).statusCode).toBe(404);
    expect((await get(app, analyst, '/news-details', { newsItemId: '999999999', tableName: 'news_feed' })).statusCode).toBe(404);
  });

  it('changes the status of one and of many items, audits each change and keeps the counts exact', async () => {
    const { app, analyst } = await newsCallers(suite);
    const { a, ids } = await fixture(2004);
    const one = await post(app, analyst, '/change-news-status', {
      items: [{ newsItemId: ids.a1, tableName: 'news_feed' }],
      newsStatus: 'APPROVED',
      comment: ' Checked ',
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ result: { updated: 1 } });
    const [row] = await suite.sql<{ news_status: string; status_comment: string; updated_by: string }>(
      'SELECT news_status, status_comment, updated_by FROM news WHERE news_item_id = $1',
      [ids.a1],
    );
    expect(row).toEqual({ news_status: 'APPROVED', status_comment: 'Checked', updated_by: 'analyst' });

    const many = await post(app, analyst, '/change-news-status', {
      items: [
        { newsItemId: Number(ids.a2), tableName: 'news_feed' },
        { newsItemId: ids.a3, tableName: 'news_wire' },
      ],
      newsStatus: 'REJECTED',
    });
    expect(many.json()).toEqual({ result: { updated: 2 } });
    const audit = await suite.sql<{ entity_id: string; actor_username: string; before: { newsStatus: string }; after: { newsStatus: string; comment: string | null } }>(
      `SELECT entity_id, actor_username, before, after FROM audit_log WHERE entity = 'news' AND entity_id IN ($1, $2, $3) ORDER BY id`,
      [ids.a1, ids.a2, ids.a3],
    );
    expect(audit.map((entry) => [entry.entity_id, entry.actor_username, entry.before.newsStatus, entry.after.newsStatus, entry.after.comment])).toEqual([
      [ids.a1, 'analyst', 'PENDING', 'APPROVED', 'Checked'],
      [ids.a2, 'analyst', 'APPROVED', 'REJECTED', null],
      [ids.a3, 'analyst', 'REJECTED', 'REJECTED', null],
    ]);

    // The status filter's count (day counters) follows the change.
    const rejected = await get(app, analyst, '/news', { allCompany: 'true', newsStatus: 'REJECTED', dateFrom: '2004-01-01', dateTo: '2004-12-31' });
    expect(rejected.headers['x-total-count']).toBe('2');
    expect(idsOf(rejected.json())).toEqual([ids.a3, ids.a2]);
    const companyRejected = await get(app, analyst, '/news', { companyIds: a, newsStatus: 'REJECTED' });
    expect(companyRejected.headers['x-total-count']).toBe('2');
    // With companies and no dates the total comes from the per-company counters (018), which
    // must agree with a count of the rows after inserts, updates and a delete.
    await suite.sql('DELETE FROM news WHERE news_item_id = $1', [ids.a1]);
    const counters = await suite.sql<{ company_id: string; news_status: string; n: string }>(
      'SELECT company_id::text, news_status, n::text FROM news_company_counts WHERE n <> 0 ORDER BY 1, 2',
    );
    const counted = await suite.sql<{ company_id: string; news_status: string; n: string }>(
      'SELECT company_id::text, news_status, count(*)::text AS n FROM news GROUP BY 1, 2 ORDER BY 1, 2',
    );
    expect(counters).toEqual(counted);
    const companyAll = await get(app, analyst, '/news', { companyIds: a });
    expect(companyAll.headers['x-total-count']).toBe(String(counted.filter((row) => row.company_id === String(a)).reduce((sum, row) => sum + Number(row.n), 0)));
  });

  it('writes nothing when one item is unknown or the status is invalid', async () => {
    const { app, admin } = await newsCallers(suite);
    const { ids } = await fixture(2005);
    const auditBefore = await suite.sql(`SELECT id FROM audit_log WHERE entity = 'news'`);
    const response = await post(app, admin, '/change-news-status', {
      items: [
        { newsItemId: ids.b1, tableName: 'news_feed' },
        { newsItemId: ids.a3, tableName: 'news_feed' },
        { newsItemId: '999999999', tableName: 'news_feed' },
      ],
      newsStatus: 'APPROVED',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Some news items were not found; nothing was changed.',
      code: 'newsItemsNotFound',
      errors: { 'items.1': 'does not exist', 'items.2': 'does not exist' },
      reasons: {
        'items.1': { code: 'newsItemMissing' },
        'items.2': { code: 'newsItemMissing' },
      },
    });
    const [row] = await suite.sql<{ news_status: string }>('SELECT news_status FROM news WHERE news_item_id = $1', [ids.b1]);
    expect(row?.news_status).toBe('PENDING');
    expect(await suite.sql(`SELECT id FROM audit_log WHERE entity = 'news'`)).toHaveLength(auditBefore.length);

    for (const payload of [
      { items: [{ newsItemId: ids.b1, tableName: 'news_feed' }], newsStatus: 'DELETED' },
      { items: [], newsStatus: 'APPROVED' },
      { items: [{ newsItemId: ids.b1, tableName: 'other' }], newsStatus: 'APPROVED' },
      { items: [{ newsItemId: 'x', tableName: 'news_feed' }], newsStatus: 'APPROVED' },
    ]) {
      expect((await post(app, admin, '/change-news-status', payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('downloads the selected items as a real .xlsx, formula-looking text kept as text', async () => {
    const { app, analyst } = await newsCallers(suite);
    const { a, ids } = await fixture(2006);
    const risky = await insertNews(suite, a, '2006-05-01T00:00:00Z', 'PENDING', '=HYPERLINK("http://evil.example","click")');
    const items = [
      { newsItemId: risky, tableName: 'news_feed' },
      { newsItemId: ids.a3, tableName: 'news_wire' },
      { newsItemId: Number(ids.a1), tableName: 'news_feed' },
    ];
    const response = await postMultipart(app, analyst, '/excel-download', { newsItemsForExcel: JSON.stringify(items) }, undefined, { 'x-api-key': EXCEL_API_KEY });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="news-\d{8}-\d{6}\.xlsx"$/);
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const { rows, sheet } = readSheet(response.rawPayload);
    expect(rows[0]).toEqual(['News Item Id', 'Table', 'Company Id', 'Company', 'Headline', 'Summary', 'Source', 'URL', 'Published At', 'Status', 'Updated At', 'Updated By']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4]])).toEqual([
      [risky, 'news_feed', '=HYPERLINK("http://evil.example","click")'],
      [ids.a3, 'news_wire', 'Third'],
      [ids.a1, 'news_feed', `Headline 2006-03-01T00:00:00Z`],
    ]);
    expect(sheet.E2).toMatchObject({ t: 's', v: '=HYPERLINK("http://evil.example","click")' });
    expect(sheet.E2?.f).toBeUndefined();
  });

  it('refuses the download without the right x-api-key (403) and a bad selection (422)', async () => {
    const { app, analyst } = await newsCallers(suite);
    const { ids } = await fixture(2007);
    const fields = { newsItemsForExcel: JSON.stringify([{ newsItemId: ids.a1, tableName: 'news_feed' }]) };
    const keys: Array<Record<string, string>> = [{}, { 'x-api-key': 'wrong-key-wrong-key' }, { 'x-api-key': `${EXCEL_API_KEY} ` }];
    for (const headers of keys) {
      const response = await postMultipart(app, analyst, '/excel-download', fields, undefined, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'The x-api-key header is missing or wrong.' });
    }
    for (const value of ['not json', '[]', JSON.stringify([{ newsItemId: ids.a1, tableName: 'secret' }])]) {
      const response = await postMultipart(app, analyst, '/excel-download', { newsItemsForExcel: value }, undefined, { 'x-api-key': EXCEL_API_KEY });
      expect(response.statusCode, value).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['newsItemsForExcel']);
    }
    const unknown = await postMultipart(app, analyst, '/excel-download', { newsItemsForExcel: JSON.stringify([{ newsItemId: '999999999', tableName: 'news_feed' }]) }, undefined, { 'x-api-key': EXCEL_API_KEY });
    expect(unknown.statusCode).toBe(422);
  });

  it('searches companies, prefix matches first; SQL and script strings are plain text', async () => {
    const { app, analyst } = await newsCallers(suite);
    const inner = await insertCompany(suite, 'Old Zqxwharf Trading');
    const prefix = await insertCompany(suite, 'Zqxwharf Holdings');
    const response = await get(app, analyst, '/search-company', { compName: '  zqxWHARF ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { companyId: prefix, compName: 'Zqxwharf Holdings' },
      { companyId: inner, compName: 'Old Zqxwharf Trading' },
    ]);
    expect((await get(app, analyst, '/search-company', { compName: 'a' })).json()).toHaveLength(20);
    for (const compName of ["' OR 1=1 --", "'; DROP TABLE companies; --", '<script>alert(1)</script>', '%', '_', '\\']) {
      const attack = await get(app, analyst, '/search-company', { compName });
      expect(attack.statusCode, compName).toBe(200);
      expect(attack.json()).toEqual([]);
    }
    expect((await get(app, analyst, '/search-company', { compName: '   ' })).statusCode).toBe(422);
    expect((await get(app, analyst, '/search-company')).statusCode).toBe(422);
  });
});
