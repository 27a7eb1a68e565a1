import type { CrudFilter, CrudSort } from '@refinedev/core';
import { NEWS_SORT_FIELDS, NEWS_STATUSES, type NewsSortField as ServerSortField, type NewsStatus } from '../../../common/domains/news/model';

// The news list's state lives in the URL (the hash's query string): a reload
// shows the same page, and every change is a history entry, so the back
// button steps back through filters and pages. Anything unreadable in the URL
// falls back to the default rather than reaching the server.

/** The fields the page sorts by: the server's (each backed by an index) but newsItemId, which it never offers. */
export type NewsSortField = Exclude<ServerSortField, 'newsItemId'>;
const PAGE_SORT_FIELDS = NEWS_SORT_FIELDS.filter((field): field is NewsSortField => field !== 'newsItemId');

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface NewsQuery {
  companyIds: string[];
  allCompany: boolean;
  newsStatus?: NewsStatus;
  dateFrom?: string;
  dateTo?: string;
  page: number;
  pageSize: number;
  sort?: { field: NewsSortField; order: 'asc' | 'desc' };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_COMPANIES = 50;

export function isNewsStatus(value: string | null): value is NewsStatus {
  return (NEWS_STATUSES as readonly (string | null)[]).includes(value);
}

function validDate(value: string | null): string | undefined {
  if (!value || !DATE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

export function defaultNewsQuery(pageSize: number): NewsQuery {
  return { companyIds: [], allCompany: false, page: 1, pageSize };
}

export function parseNewsQuery(search: URLSearchParams, defaultPageSize: number): NewsQuery {
  const query = defaultNewsQuery(defaultPageSize);
  const ids = (search.get('companyIds') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[\p{L}\p{N}-]{1,64}$/u.test(id));
  query.companyIds = [...new Set(ids)].slice(0, MAX_COMPANIES);
  query.allCompany = search.get('allCompany') === 'true';
  const status = search.get('newsStatus');
  if (isNewsStatus(status)) query.newsStatus = status;
  const from = validDate(search.get('dateFrom'));
  const to = validDate(search.get('dateTo'));
  if (from) query.dateFrom = from;
  if (to) query.dateTo = to;
  if (from && to && from > to) {
    query.dateFrom = to;
    query.dateTo = from;
  }
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page >= 1 && page <= 1_000_000) query.page = page;
  const size = Number(search.get('pageSize'));
  if ((PAGE_SIZES as readonly number[]).includes(size)) query.pageSize = size;
  const [field, order] = (search.get('sort') ?? '').split(':');
  if ((PAGE_SORT_FIELDS as readonly (string | undefined)[]).includes(field) && (order === 'asc' || order === 'desc')) {
    query.sort = { field: field as NewsSortField, order };
  }
  return query;
}

/** The URL's query string for a state; defaults are left out so links stay short. */
export function newsQueryToSearch(query: NewsQuery, defaultPageSize: number): URLSearchParams {
  const search = new URLSearchParams();
  if (query.companyIds.length > 0) search.set('companyIds', query.companyIds.join(','));
  if (query.allCompany) search.set('allCompany', 'true');
  if (query.newsStatus) search.set('newsStatus', query.newsStatus);
  if (query.dateFrom) search.set('dateFrom', query.dateFrom);
  if (query.dateTo) search.set('dateTo', query.dateTo);
  if (query.page !== 1) search.set('page', String(query.page));
  if (query.pageSize !== defaultPageSize) search.set('pageSize', String(query.pageSize));
  if (query.sort) search.set('sort', `${query.sort.field}:${query.sort.order}`);
  return search;
}

/**
 * What the data provider turns into the API's flat query parameters.
 * `allCompany` wins over the company list, as on the server.
 */
export function newsQueryFilters(query: NewsQuery): CrudFilter[] {
  const filters: CrudFilter[] = [];
  if (query.allCompany) filters.push({ field: 'allCompany', operator: 'eq', value: 'true' });
  else if (query.companyIds.length > 0) filters.push({ field: 'companyIds', operator: 'in', value: query.companyIds });
  if (query.newsStatus) filters.push({ field: 'newsStatus', operator: 'eq', value: query.newsStatus });
  if (query.dateFrom) filters.push({ field: 'dateFrom', operator: 'eq', value: query.dateFrom });
  if (query.dateTo) filters.push({ field: 'dateTo', operator: 'eq', value: query.dateTo });
  return filters;
}

export function newsQuerySorters(query: NewsQuery): CrudSort[] {
  return query.sort ? [query.sort] : [];
}

/** A filter change starts again from the first page; paging keeps the filters. */
export function withFilters(query: NewsQuery, change: Partial<Omit<NewsQuery, 'page' | 'pageSize' | 'sort'>>): NewsQuery {
  return { ...query, ...change, page: 1 };
}
