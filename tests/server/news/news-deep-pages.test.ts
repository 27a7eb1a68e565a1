import { expect, it } from 'vitest';
import { newsOrderBy, type NewsSortField, type SortTerm } from '../../../server/src/modules/news/repository';
import { insertDemoNews } from '../../../server/src/modules/news/demo-rows';
import { parseSort } from '../../../server/src/modules/news/service';
import { describeEachDatabase } from '../helper';
import { get, insertCompany, insertNews, newsCallers } from './news-helper';

// Pages from offset 1000 on, and every company-name page, are read through the counter spans
// (modules/news/spans.ts): each page must be exactly what a plain ORDER BY ... OFFSET gives.
describeEachDatabase('news: deep pages through the counters', (suite) => {
  it('gives the same pages as OFFSET for every order the spans serve, with and without filters', async () => {
    const { app, analyst, admin } = await newsCallers(suite);
    // Two companies whose names differ only in case: ordered by id between them, not interleaved.
    const twins = [await insertCompany(suite, 'Zeta Twins'), await insertCompany(suite, 'ZETA TWINS')];
    for (const [index, company] of twins.entries()) {
      for (let day = 1; day <= 30; day += 1) await insertNews(suite, company, `2024-02-${String(1 + (day % 28)).padStart(2, '0')}T0${index}:00:00Z`, day % 3 ? 'APPROVED' : 'PENDING');
    }
    await insertDemoNews(app.db, 1, 4000);
    // Counters moved by an update and a delete, not only by inserts.
    await suite.sql(`UPDATE news SET news_status = 'REJECTED' WHERE news_item_id % 7 = 0`);
    await suite.sql(`DELETE FROM news WHERE news_item_id % 11 = 0`);
    const [{ total } = { total: 0 }] = await suite.sql<{ total: number }>('SELECT count(*)::int AS total FROM news');

    const reference = async (sort: string | undefined, filter: Record<string, string>, offset: number, limit: number) => {
      const conditions: string[] = [];
      const params: unknown[] = [];
      if (filter.newsStatus) conditions.push(`n.news_status = $${params.push(filter.newsStatus)}`);
      if (filter.dateFrom) conditions.push(`n.published_at >= $${params.push(`${filter.dateFrom}T00:00:00Z`)}::timestamptz`);
      if (filter.dateTo) conditions.push(`n.published_at < ($${params.push(filter.dateTo)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
      if (filter.companyIds) conditions.push(`n.company_id = ANY (string_to_array($${params.push(filter.companyIds)}, ',')::bigint[])`);
      const rows = await suite.sql<{ id: string }>(
        `SELECT n.news_item_id::text AS id FROM news n JOIN companies c ON c.company_id = n.company_id
         ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY ${newsOrderBy(parseSort<NewsSortField>(sort) as SortTerm<NewsSortField>[])} LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      return rows.map((row) => row.id);
    };

    const sorts = [undefined, 'publishedAt:asc', 'newsStatus:asc', 'newsStatus:desc', 'newsStatus:desc,publishedAt:asc', 'publishedAt:asc,newsItemId:desc', 'companyName:asc', 'companyName:desc', 'companyName:asc,newsItemId:desc'];
    const filters: Array<Record<string, string>> = [{}, { newsStatus: 'APPROVED' }, { dateFrom: '2025-01-01', dateTo: '2026-12-31' }, { companyIds: [...twins, '3', '5'].join(',') }];
    let compared = 0;
    for (const sort of sorts) {
      for (const filter of filters) {
        if (filter.companyIds && !sort?.startsWith('companyName')) continue;
        for (const [page, pageSize] of [[1, 20], [21, 50], [144, 7], [Math.ceil(total / 37), 37], [Math.ceil(total / 37) + 1, 37]] as const) {
          const query = { ...filter, ...(sort ? { sort } : {}), page: String(page), pageSize: String(pageSize) };
          const answer = await get(app, analyst, '/news', query);
          expect(answer.statusCode, JSON.stringify(query)).toBe(200);
          const ids = answer.json<Array<{ newsItemId: string }>>().map((item) => item.newsItemId);
          expect(ids, JSON.stringify(query)).toEqual(await reference(sort, filter, (page - 1) * pageSize, pageSize));
          compared += ids.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    // The twins: all of one company's items, then the other's.
    const twinsPage = await get(app, admin, '/news', { companyIds: twins.join(','), sort: 'companyName:asc', pageSize: '60' });
    const companies = twinsPage.json<Array<{ companyId: string }>>().map((item) => item.companyId);
    expect(companies).toEqual([...Array(companies.filter((id) => id === twins[0]).length).fill(twins[0]), ...Array(companies.filter((id) => id === twins[1]).length).fill(twins[1])]);
  });
});
