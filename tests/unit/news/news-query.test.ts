import { describe, expect, it } from 'vitest';
import { newsQueryFilters, newsQueryToSearch, parseNewsQuery, withFilters } from '../../../src/pages/news/news-query';

describe('the news list state in the URL', () => {
  it('round-trips every filter, the page and the order', () => {
    const search = new URLSearchParams('companyIds=12,7&newsStatus=PENDING&dateFrom=2025-01-01&dateTo=2025-01-31&page=3&pageSize=50&sort=publishedAt:asc');
    const query = parseNewsQuery(search, 20);
    expect(query).toEqual({
      companyIds: ['12', '7'],
      allCompany: false,
      newsStatus: 'PENDING',
      dateFrom: '2025-01-01',
      dateTo: '2025-01-31',
      page: 3,
      pageSize: 50,
      sort: { field: 'publishedAt', order: 'asc' },
    });
    expect(parseNewsQuery(newsQueryToSearch(query, 20), 20)).toEqual(query);
  });

  it('leaves defaults out of the URL', () => {
    expect(newsQueryToSearch(parseNewsQuery(new URLSearchParams(''), 20), 20).toString()).toBe('');
  });

  it('drops what it cannot trust instead of sending it', () => {
    const query = parseNewsQuery(
      new URLSearchParams("companyIds=1,<script>,1%27%20OR%201=1,2&newsStatus=DROP&dateFrom=2025-02-30&page=-4&pageSize=9999&sort=body:asc"),
      20,
    );
    expect(query).toEqual({ companyIds: ['1', '2'], allCompany: false, page: 1, pageSize: 20 });
  });

  it("sorts by the server's fields but newsItemId, which the page never offers", () => {
    for (const field of ['publishedAt', 'updatedAt', 'newsStatus', 'companyName']) {
      expect(parseNewsQuery(new URLSearchParams(`sort=${field}:desc`), 20).sort).toEqual({ field, order: 'desc' });
    }
    expect(parseNewsQuery(new URLSearchParams('sort=newsItemId:asc'), 20).sort).toBeUndefined();
  });

  it('swaps a reversed date range', () => {
    expect(parseNewsQuery(new URLSearchParams('dateFrom=2025-03-01&dateTo=2025-01-01'), 20)).toMatchObject({
      dateFrom: '2025-01-01',
      dateTo: '2025-03-01',
    });
  });

  it('maps to the API filters; all companies wins over the list', () => {
    const query = parseNewsQuery(new URLSearchParams('companyIds=4,5&allCompany=true&newsStatus=APPROVED'), 20);
    expect(newsQueryFilters(query)).toEqual([
      { field: 'allCompany', operator: 'eq', value: 'true' },
      { field: 'newsStatus', operator: 'eq', value: 'APPROVED' },
    ]);
    expect(newsQueryFilters({ ...query, allCompany: false })[0]).toEqual({ field: 'companyIds', operator: 'in', value: ['4', '5'] });
  });

  it('a filter change goes back to the first page', () => {
    const query = parseNewsQuery(new URLSearchParams('page=4'), 20);
    expect(withFilters(query, { newsStatus: 'REJECTED' })).toMatchObject({ page: 1, newsStatus: 'REJECTED' });
  });
});
