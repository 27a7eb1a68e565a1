import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { HttpError, orNotFound } from '../../errors.js';
import {
  countNews,
  findNews,
  findNewsDetails,
  listNews,
  lockNews,
  setNewsStatus,
  type NewsFilter,
  type NewsRef,
  type NewsRow,
  type NewsSortField,
  type SortTerm,
} from './repository.js';
import type { NewsStatus } from '../../../../common/domains/news/model.js';
import { recordAudits, type AuditActor } from '../../lib/audit.js';
import type { NewsApprovedEvent } from '../../lib/domain-events.js';

export function parseSort<F extends string>(sort: string | undefined): Array<SortTerm<F>> {
  if (!sort) return [];
  return sort.split(',').map((term) => {
    const [field, order] = term.split(':');
    return { field: field as F, order: order === 'asc' ? 'asc' : 'desc' };
  });
}

/** The JSON shape of a NewsItem (API.md). */
export function newsItemJson(row: NewsRow) {
  return {
    newsItemId: row.newsItemId,
    tableName: row.tableName,
    companyId: row.companyId,
    companyName: row.companyName,
    headline: row.headline,
    summary: row.summary,
    source: row.source,
    url: row.url,
    publishedAt: row.publishedAt.toISOString(),
    newsStatus: row.newsStatus,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    version: row.version,
  };
}

/** Duplicates removed; ids normalised to strings (the client may send numbers). */
export function normaliseRefs(items: ReadonlyArray<{ newsItemId: string | number; tableName: string }>): NewsRef[] {
  const seen = new Map<string, NewsRef>();
  for (const item of items) {
    const ref = { newsItemId: String(item.newsItemId), tableName: item.tableName };
    seen.set(`${ref.newsItemId}:${ref.tableName}`, ref);
  }
  return [...seen.values()];
}

/** The list's query: API.md's parameters, and the generic list's (`companyId=a,b`, `publishedAt=from,to`). */
export interface NewsListParams {
  companyIds?: string;
  companyId?: string;
  allCompany?: boolean;
  newsStatus?: NewsStatus;
  dateFrom?: string;
  dateTo?: string;
  publishedAt?: string;
}

/** The list's filter from its query (the list and the export take the same); 422 dateOrder when the dates are reversed. */
export function newsFilterOf(query: NewsListParams): NewsFilter {
  // The generic list's date range; API.md's dateFrom / dateTo win where both are given.
  const [rangeFrom, rangeTo] = (query.publishedAt ?? '').split(',');
  const dateFrom = query.dateFrom ?? (rangeFrom || undefined);
  const dateTo = query.dateTo ?? (rangeTo || undefined);
  if (dateFrom && dateTo && dateFrom > dateTo) {
    throw new HttpError(422, 'validation', { [query.dateTo ? 'dateTo' : 'publishedAt']: 'dateOrder' });
  }
  const ids = [query.companyIds, query.companyId].filter((list): list is string => Boolean(list)).flatMap((list) => list.split(',').map((id) => id.trim()));
  return {
    companyIds: query.allCompany || ids.length === 0 ? undefined : [...new Set(ids)],
    newsStatus: query.newsStatus,
    dateFrom,
    dateTo,
  };
}

/**
 * `sort` as the repository takes it: the generic list sorts its company column by the field
 * it filters on (`companyId`), which shows the company's name, so it orders by the name.
 */
export function newsSortOf(sort: string | undefined): Array<SortTerm<NewsSortField>> {
  return parseSort<NewsSortField | 'companyId'>(sort).map((term) => (term.field === 'companyId' ? { ...term, field: 'companyName' } : { ...term, field: term.field }));
}

/** The `news.approved` events of these items, as they stand in `tx`. */
export async function approvedEvents(tx: Queryable, ids: readonly string[]): Promise<NewsApprovedEvent[]> {
  const { rows } = await tx.query<Omit<NewsApprovedEvent, 'publishedAt'> & { publishedAt: Date | string }>(
    `SELECT n.news_item_id::text AS "newsItemId", n.source_table AS "tableName", n.company_id::int AS "companyId",
            c.comp_name AS "companyName", n.headline, n.published_at AS "publishedAt"
     FROM news n JOIN companies c ON c.company_id = n.company_id
     WHERE n.news_item_id = ANY (string_to_array($1, ',')::bigint[])
     ORDER BY n.news_item_id`,
    [ids.join(',')],
  );
  return rows.map((row) => ({ ...row, publishedAt: new Date(row.publishedAt).toISOString() }));
}

export function createNewsService(fastify: FastifyInstance) {
  return {
    async list(query: NewsListParams & { page?: number; pageSize?: number; sort?: string }): Promise<{ items: ReturnType<typeof newsItemJson>[]; total: number }> {
      const filter = newsFilterOf(query);
      const pageSize = query.pageSize ?? (await fastify.appConfig.current()).defaults.pageSize;
      const [rows, total] = await Promise.all([
        listNews(fastify.db, filter, newsSortOf(query.sort), query.page ?? 1, pageSize),
        countNews(fastify.db, filter),
      ]);
      return { items: rows.map(newsItemJson), total };
    },

    /** One item by its id alone (the table's primary key): the generic show page's read. */
    async item(newsItemId: string) {
      const row = orNotFound(await findNewsDetails(fastify.db, { newsItemId }), 'newsNotFound');
      return { ...newsItemJson(row), body: row.body, comment: row.comment };
    },

    async details(ref: NewsRef) {
      const row = orNotFound(await findNewsDetails(fastify.db, ref), 'newsNotFound');
      return { ...newsItemJson(row), body: row.body, comment: row.comment };
    },

    /** Every item or none, each change audited in the same transaction. */
    async changeStatus(actor: AuditActor, refs: readonly NewsRef[], status: NewsStatus, comment: string | null): Promise<number> {
      return fastify.db.transaction(async (tx) => {
        const locked = await lockNews(tx, refs);
        const byKey = new Map(locked.map((row) => [`${row.newsItemId}:${row.tableName}`, row]));
        const missing = Object.fromEntries(
          refs.flatMap((ref, index) => (byKey.has(`${ref.newsItemId}:${ref.tableName}`) ? [] : [[`items.${index}`, 'newsItemMissing' as const]])),
        );
        if (Object.keys(missing).length > 0) throw new HttpError(422, 'newsItemsNotFound', missing);

        const updated = await setNewsStatus(tx, refs.map((ref) => ref.newsItemId), status, comment, actor.username);
        // Items that become APPROVED (not those that already were) tell the listeners (finview's event rules) in this transaction.
        const approved = status === 'APPROVED' ? locked.filter((row) => row.newsStatus !== 'APPROVED') : [];
        if (approved.length > 0 && fastify.domainEvents.listened('news.approved')) {
          await fastify.domainEvents.emit(tx, 'news.approved', await approvedEvents(tx, approved.map((row) => row.newsItemId)));
        }
        await recordAudits(
          tx,
          refs.map((ref) => {
            const before = byKey.get(`${ref.newsItemId}:${ref.tableName}`);
            return {
              actor,
              entity: 'news',
              entityId: ref.newsItemId,
              action: 'status',
              before: { tableName: ref.tableName, newsStatus: before?.newsStatus, comment: before?.comment ?? null },
              after: { tableName: ref.tableName, newsStatus: status, comment },
            };
          }),
        );
        return updated;
      });
    },

    async rowsForExcel(refs: readonly NewsRef[]): Promise<NewsRow[]> {
      const rows = await findNews(fastify.db, refs);
      if (rows.length === 0) throw new HttpError(422, 'newsNoneFound', { newsItemsForExcel: 'newsItemMissing' });
      return rows;
    },
  };
}
