import type { Queryable } from '../../db/index.js';
import type { NewsSortField, NewsStatus } from '../../../../common/domains/news/model.js';
import { companySpans, dayCountConditions, daySpans } from './spans.js';

export interface NewsFilter {
  /** Absent: every company. */
  companyIds?: string[];
  newsStatus?: NewsStatus;
  /** YYYY-MM-DD, whole UTC days, both inclusive. */
  dateFrom?: string;
  dateTo?: string;
}

export type { NewsSortField };
export interface SortTerm<F extends string> {
  field: F;
  order: 'asc' | 'desc';
}

export interface NewsRow {
  newsItemId: string;
  tableName: string;
  companyId: string;
  companyName: string;
  headline: string;
  summary: string;
  source: string;
  url: string;
  publishedAt: Date;
  newsStatus: NewsStatus;
  updatedAt: Date;
  updatedBy: string | null;
  version: number;
}

export interface NewsDetailsRow extends NewsRow {
  body: string;
  comment: string | null;
}

export interface NewsRef {
  newsItemId: string;
  tableName: string;
}

type NewsTieField = NewsSortField | 'companyId';

const ORDER_SQL: Record<NewsTieField, string> = {
  publishedAt: 'n.published_at',
  updatedAt: 'n.updated_at',
  newsStatus: 'n.news_status',
  companyName: 'lower(c.comp_name)',
  companyId: 'n.company_id',
  newsItemId: 'n.news_item_id',
};

/** The same order backwards: each ASC a DESC and each DESC an ASC. */
function reversed(order: string): string {
  return order.replace(/ (ASC|DESC)\b/g, (_, direction: string) => (direction === 'ASC' ? ' DESC' : ' ASC'));
}

/** From this offset on, a page is read through the counter spans (modules/news/spans.ts). */
const SPANS_FROM_OFFSET = 1000;


const NEWS_COLUMNS = `n.news_item_id::text AS "newsItemId", n.source_table AS "tableName", n.company_id::text AS "companyId",
  c.comp_name AS "companyName", n.headline, n.summary, n.source, n.url, n.published_at AS "publishedAt",
  n.news_status AS "newsStatus", n.updated_at AS "updatedAt", n.updated_by AS "updatedBy", n.version`;

/** Midnight UTC of the day after `date` (YYYY-MM-DD): the exclusive end of an inclusive range. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * ORDER BY from the requested terms, then tie-breakers in the direction of the first term, so
 * every order matches an index read forwards or backwards: publishedAt and newsItemId after
 * most terms; only newsItemId after updatedAt (index news_updated); companyName is followed by
 * companyId, so each company's items stay together (the order the company counters walk).
 */
export function newsOrderBy(sort: readonly SortTerm<NewsSortField>[]): string {
  const given: SortTerm<NewsTieField>[] = sort.length > 0 ? [...sort] : [{ field: 'publishedAt', order: 'desc' }];
  const first = given[0] ?? { field: 'publishedAt', order: 'desc' };
  const terms = first.field === 'companyName' ? [first, { field: 'companyId', order: first.order } as const, ...given.slice(1)] : given;
  const ties: NewsTieField[] = first.field === 'updatedAt' ? ['newsItemId'] : ['publishedAt', 'newsItemId'];
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const term of [...terms, ...ties.map((field) => ({ field, order: first.order }))]) {
    if (seen.has(term.field)) continue;
    seen.add(term.field);
    parts.push(`${ORDER_SQL[term.field]} ${term.order === 'asc' ? 'ASC' : 'DESC'}`);
  }
  return parts.join(', ');
}

/** Only the conditions in use: each combination is its own prepared statement with a fitting plan. */
function where(filter: NewsFilter, params: unknown[]): string[] {
  const conditions: string[] = [];
  if (filter.companyIds && filter.companyIds.length > 0) {
    // A comma-separated string rather than an array parameter: one encoding for both drivers.
    params.push(filter.companyIds.join(','));
    conditions.push(`n.company_id = ANY (string_to_array($${params.length}, ',')::bigint[])`);
  }
  if (filter.newsStatus) {
    params.push(filter.newsStatus);
    conditions.push(`n.news_status = $${params.length}`);
  }
  if (filter.dateFrom) {
    params.push(`${filter.dateFrom}T00:00:00.000Z`);
    conditions.push(`n.published_at >= $${params.length}::timestamptz`);
  }
  if (filter.dateTo) {
    params.push(dayAfter(filter.dateTo));
    conditions.push(`n.published_at < $${params.length}::timestamptz`);
  }
  return conditions;
}

export async function listNews(q: Queryable, filter: NewsFilter, sort: readonly SortTerm<NewsSortField>[], page: number, pageSize: number): Promise<NewsRow[]> {
  const params: unknown[] = [];
  const offset = (page - 1) * pageSize;
  if (filter.companyIds && filter.companyIds.length > 0 && sort.every((term) => term.field === 'publishedAt' || term.field === 'newsItemId')) {
    // Companies in date order: the newest (offset + limit) of each company straight
    // from its index range, then merged, instead of reading every item of every company.
    // One company too: otherwise the planner may walk the date index of all 10 M items
    // backwards, one in a thousand of them the company's (p95 150 ms at 10 M).
    const conditions = where({ ...filter, companyIds: undefined }, params);
    params.push(filter.companyIds.join(','), offset + pageSize, pageSize, offset);
    const order = newsOrderBy(sort);
    // The ids and dates come from the index alone (news_company_published includes the
    // status); only the page's own rows are read from the table.
    const { rows } = await q.query<NewsRow>(
      `SELECT ${NEWS_COLUMNS}
       FROM (
         SELECT n.news_item_id FROM unnest(string_to_array($${params.length - 3}, ',')::bigint[]) AS k (company_id)
         CROSS JOIN LATERAL (
           SELECT n.news_item_id, n.published_at FROM news n WHERE n.company_id = k.company_id ${conditions.map((condition) => `AND ${condition}`).join(' ')}
           ORDER BY ${order} LIMIT $${params.length - 2}) AS n
         ORDER BY ${order}
         LIMIT $${params.length - 1} OFFSET $${params.length}) AS page
       JOIN news n ON n.news_item_id = page.news_item_id
       JOIN companies c ON c.company_id = n.company_id
       ORDER BY ${order}`,
      params,
    );
    return rows;
  }
  const order = newsOrderBy(sort);
  const plan = offset >= SPANS_FROM_OFFSET || sort[0]?.field === 'companyName' ? (daySpans(filter, sort, params) ?? companySpans(filter, sort, params)) : undefined;
  if (plan) {
    // The page in span order, then the order inside a span: the list's order, without the
    // planner walking all companies by name to join each row's name back.
    const inner = where({ newsStatus: filter.newsStatus }, params);
    params.push(offset, pageSize);
    const [off, limit] = [`$${params.length - 1}::bigint`, `$${params.length}::bigint`];
    const items = `SELECT n.news_item_id FROM news n WHERE ${[plan.within, ...inner].join(' AND ')}`;
    // The page's part of a span is [first, last) of its n items. Past the middle it is read
    // from the span's other end, so no span is walked further than half its length
    // (a day holds 27 000 items at 10 000 000); exact counters make both ends agree.
    const { rows } = await q.query<NewsRow>(
      `WITH spans AS (${plan.spans}),
            placed AS (SELECT *, sum(n) OVER (ORDER BY ${plan.spanOrder}) - n AS before FROM spans WHERE n > 0),
            part AS (SELECT *, greatest(${off} - before, 0) AS first, least(${off} + ${limit} - before, n) AS last FROM placed
                     WHERE before < ${off} + ${limit} AND before + n > ${off})
       SELECT ${NEWS_COLUMNS}
       FROM part p
       CROSS JOIN LATERAL (
         (${items} AND p.first * 2 <= p.n ORDER BY ${plan.innerOrder} OFFSET p.first LIMIT p.last - p.first)
         UNION ALL
         (${items} AND p.first * 2 > p.n ORDER BY ${reversed(plan.innerOrder)} OFFSET p.n - p.last LIMIT p.last - p.first)) AS page
       JOIN news n ON n.news_item_id = page.news_item_id
       JOIN companies c ON c.company_id = n.company_id
       ORDER BY ${plan.spanOrder.split(', ').map((term) => `p.${term}`).join(', ')}, ${plan.innerOrder} LIMIT ${limit}`,
      params,
    );
    return rows;
  }
  const conditions = where(filter, params);
  params.push(pageSize, offset);
  const { rows } = await q.query<NewsRow>(
    `SELECT ${NEWS_COLUMNS}
     FROM news n JOIN companies c ON c.company_id = n.company_id
     ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
     ORDER BY ${order}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

/**
 * Every item the filter matches (or only `ids` among them), in the list's order, unpaged: the
 * SQL an export reads through a cursor (lib/export/cursor.ts), never into memory at once.
 */
export function unpagedNews(filter: NewsFilter, sort: readonly SortTerm<NewsSortField>[], ids?: readonly string[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions = where(filter, params);
  if (ids) {
    params.push(ids.join(','));
    conditions.push(`n.news_item_id = ANY (string_to_array($${params.length}, ',')::bigint[])`);
  }
  return {
    sql: `SELECT ${NEWS_COLUMNS}
     FROM news n JOIN companies c ON c.company_id = n.company_id
     ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
     ORDER BY ${newsOrderBy(sort)}`,
    params,
  };
}

/**
 * Exact, and never a count of millions of rows: without a company filter it sums the
 * per-status, per-day counters (migration 003); with companies and no dates, the
 * per-company, per-status counters (018); with both, it counts those companies' index
 * ranges between the dates.
 */
export async function countNews(q: Queryable, filter: NewsFilter): Promise<number> {
  const params: unknown[] = [];
  if (filter.companyIds && filter.companyIds.length > 0 && !filter.dateFrom && !filter.dateTo) {
    params.push(filter.companyIds.join(','));
    if (filter.newsStatus) params.push(filter.newsStatus);
    const { rows } = await q.query<{ total: string }>(
      `SELECT coalesce(sum(n), 0)::text AS total FROM news_company_counts
       WHERE company_id = ANY (string_to_array($1, ',')::bigint[])${filter.newsStatus ? ' AND news_status = $2' : ''}`,
      params,
    );
    return Number(rows[0]?.total ?? 0);
  }
  if (!filter.companyIds || filter.companyIds.length === 0) {
    const conditions = dayCountConditions(filter, params);
    const { rows } = await q.query<{ total: string }>(
      `SELECT coalesce(sum(n), 0)::text AS total FROM news_day_counts ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}`,
      params,
    );
    return Number(rows[0]?.total ?? 0);
  }
  const conditions = where(filter, params);
  const { rows } = await q.query<{ total: string }>(
    `SELECT count(*)::text AS total FROM news n WHERE ${conditions.join(' AND ')}`,
    params,
  );
  return Number(rows[0]?.total ?? 0);
}

/** One item; by its id alone (the primary key) when no tableName is given (the generic routes). */
export async function findNewsDetails(q: Queryable, ref: { newsItemId: string; tableName?: string }): Promise<NewsDetailsRow | undefined> {
  const { rows } = await q.query<NewsDetailsRow>(
    `SELECT ${NEWS_COLUMNS}, n.body, n.status_comment AS comment
     FROM news n JOIN companies c ON c.company_id = n.company_id
     WHERE n.news_item_id = $1${ref.tableName === undefined ? '' : ' AND n.source_table = $2'}`,
    ref.tableName === undefined ? [ref.newsItemId] : [ref.newsItemId, ref.tableName],
  );
  return rows[0];
}

/** The items in the order asked for; unknown references are left out. */
export async function findNews(q: Queryable, refs: readonly NewsRef[]): Promise<NewsRow[]> {
  if (refs.length === 0) return [];
  const { rows } = await q.query<NewsRow & { ord: number }>(
    `SELECT ${NEWS_COLUMNS}, wanted.ord
     FROM (SELECT * FROM unnest(string_to_array($1, ',')::bigint[], string_to_array($2, ',')) WITH ORDINALITY AS w (id, source_table, ord)) AS wanted
     JOIN news n ON n.news_item_id = wanted.id AND n.source_table = wanted.source_table
     JOIN companies c ON c.company_id = n.company_id
     ORDER BY wanted.ord`,
    [refs.map((ref) => ref.newsItemId).join(','), refs.map((ref) => ref.tableName).join(',')],
  );
  return rows.map(({ ord: _ord, ...row }) => row);
}

/** Locks the items for the rest of the transaction; returns the ones that exist. */
export async function lockNews(tx: Queryable, refs: readonly NewsRef[]): Promise<Array<{ newsItemId: string; tableName: string; newsStatus: NewsStatus; comment: string | null }>> {
  const { rows } = await tx.query<{ newsItemId: string; tableName: string; newsStatus: NewsStatus; comment: string | null }>(
    `SELECT news_item_id::text AS "newsItemId", source_table AS "tableName", news_status AS "newsStatus", status_comment AS comment
     FROM news WHERE news_item_id = ANY (string_to_array($1, ',')::bigint[])
     ORDER BY news_item_id FOR UPDATE`,
    [refs.map((ref) => ref.newsItemId).join(',')],
  );
  return rows;
}

export async function setNewsStatus(tx: Queryable, ids: readonly string[], status: NewsStatus, comment: string | null, username: string): Promise<number> {
  const { rows } = await tx.query<{ n: string }>(
    `WITH changed AS (
       UPDATE news SET news_status = $2, status_comment = $3, updated_at = now(), updated_by = $4
       WHERE news_item_id = ANY (string_to_array($1, ',')::bigint[])
       RETURNING 1)
     SELECT count(*)::text AS n FROM changed`,
    [ids.join(','), status, comment, username],
  );
  return Number(rows[0]?.n ?? 0);
}
