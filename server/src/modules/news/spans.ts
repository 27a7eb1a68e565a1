import type { NewsFilter, NewsSortField, SortTerm } from './repository.js';

// Deep pages of the news list without OFFSET walking the items before them. The counters kept
// by triggers (news_day_counts per status and UTC day, 003; news_company_counts per company and
// status, 018) cut the list into spans in list order; each span knows how many items come
// before it, so a page reads only the spans it overlaps, each from its own index range with
// the offset inside that span. At 10 000 000 items page 100 000 costs what page 2 does.

export interface SpanPlan {
  /** SELECT of the spans: their key columns and `n`, the items in each. */
  spans: string;
  /** The spans in list order (the window that counts the items before each). */
  spanOrder: string;
  /** The items of span `p`, as conditions on `n`. */
  within: string;
  /** The order inside a span, on `n` columns only. */
  innerOrder: string;
}

const dir = (term: SortTerm<NewsSortField>) => (term.order === 'asc' ? 'ASC' : 'DESC');

/** The filter's status and whole UTC days as conditions on news_day_counts rows. */
export function dayCountConditions(filter: NewsFilter, params: unknown[]): string[] {
  const conditions: string[] = [];
  if (filter.newsStatus) {
    params.push(filter.newsStatus);
    conditions.push(`news_status = $${params.length}`);
  }
  if (filter.dateFrom) {
    params.push(filter.dateFrom);
    conditions.push(`day >= $${params.length}::date`);
  }
  if (filter.dateTo) {
    params.push(filter.dateTo);
    conditions.push(`day <= $${params.length}::date`);
  }
  return conditions;
}

/**
 * Orders led by status and/or publication date (the default, newest first), no company
 * filter: spans are UTC days, or status and day when status leads. `params` gets the filter's values.
 */
export function daySpans(filter: NewsFilter, sort: readonly SortTerm<NewsSortField>[], params: unknown[]): SpanPlan | undefined {
  if (filter.companyIds && filter.companyIds.length > 0) return undefined;
  if (sort.some((term) => term.field === 'companyName')) return undefined;
  const terms = sort.length > 0 ? sort : [{ field: 'publishedAt', order: 'desc' } as const];
  const first = terms[0] as SortTerm<NewsSortField>;
  const byStatus = first.field === 'newsStatus';
  const dayTerm = terms[byStatus ? 1 : 0] ?? first;
  if (dayTerm !== first && dayTerm.field !== 'publishedAt') return undefined;
  if (!byStatus && first.field !== 'publishedAt') return undefined;
  const conditions = dayCountConditions(filter, params);
  const keys = byStatus ? 'news_status, day' : 'day';
  const dayDirection = dayTerm.field === 'publishedAt' ? dir(dayTerm) : dir(first);
  const innerTerms = terms.slice(byStatus ? 1 : 0).filter((term) => term.field !== 'newsStatus');
  const tail = innerTerms.some((term) => term.field === 'newsItemId') ? [] : [`n.news_item_id ${dir(first)}`];
  return {
    spans: `SELECT ${keys}, sum(n) AS n FROM news_day_counts ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} GROUP BY ${keys}`,
    spanOrder: `${byStatus ? `news_status ${dir(first)}, ` : ''}day ${dayDirection}`,
    within: `n.published_at >= p.day::timestamp AT TIME ZONE 'UTC' AND n.published_at < (p.day + 1)::timestamp AT TIME ZONE 'UTC'${byStatus ? ' AND n.news_status = p.news_status' : ''}`,
    innerOrder: [
      `n.published_at ${dayDirection}`,
      ...innerTerms.filter((term) => term.field !== 'publishedAt').map((term) => `n.${term.field === 'newsItemId' ? 'news_item_id' : 'updated_at'} ${dir(term)}`),
      ...tail,
    ].join(', '),
  };
}

/** Company-name order without dates: spans are companies, in name order then id. */
export function companySpans(filter: NewsFilter, sort: readonly SortTerm<NewsSortField>[], params: unknown[]): SpanPlan | undefined {
  const first = sort[0];
  if (first?.field !== 'companyName' || filter.dateFrom || filter.dateTo) return undefined;
  if (sort.slice(1).some((term) => term.field !== 'publishedAt' && term.field !== 'newsItemId')) return undefined;
  const conditions: string[] = [];
  if (filter.newsStatus) {
    params.push(filter.newsStatus);
    conditions.push(`k.news_status = $${params.length}`);
  }
  if (filter.companyIds && filter.companyIds.length > 0) {
    params.push(filter.companyIds.join(','));
    conditions.push(`c.company_id = ANY (string_to_array($${params.length}, ',')::bigint[])`);
  }
  const rest = sort.slice(1);
  const published = rest.find((term) => term.field === 'publishedAt') ?? first;
  const id = rest.find((term) => term.field === 'newsItemId') ?? first;
  const publishedFirst = rest[0]?.field !== 'newsItemId';
  const inner = [`n.published_at ${dir(published)}`, `n.news_item_id ${dir(id)}`];
  return {
    spans: `SELECT c.company_id, lower(c.comp_name) AS name, sum(k.n) AS n
            FROM companies c JOIN news_company_counts k ON k.company_id = c.company_id
            ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} GROUP BY c.company_id`,
    spanOrder: `name ${dir(first)}, company_id ${dir(first)}`,
    within: 'n.company_id = p.company_id',
    innerOrder: (publishedFirst ? inner : [...inner].reverse()).join(', '),
  };
}
