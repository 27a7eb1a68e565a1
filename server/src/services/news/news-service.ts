import type { FastifyInstance } from 'fastify';
import { HttpError, orNotFound } from '../../errors.js';
import type { NewsFilter, NewsRef, NewsRow, NewsSortField, SortTerm } from '../../plugins/news-repository.js';
import type { NewsStatus } from '../../schemas/news.js';
import { recordAudits, type AuditActor } from '../audit.js';

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

export function createNewsService(fastify: FastifyInstance) {
  const news = fastify.newsRepository;

  return {
    async list(query: {
      companyIds?: string;
      allCompany?: boolean;
      newsStatus?: NewsStatus;
      dateFrom?: string;
      dateTo?: string;
      page?: number;
      pageSize?: number;
      sort?: string;
    }): Promise<{ items: ReturnType<typeof newsItemJson>[]; total: number }> {
      if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
        throw new HttpError(422, 'validation', { dateTo: 'dateOrder' });
      }
      const filter: NewsFilter = {
        companyIds: query.allCompany || !query.companyIds ? undefined : [...new Set(query.companyIds.split(',').map((id) => id.trim()))],
        newsStatus: query.newsStatus,
        dateFrom: query.dateFrom,
        dateTo: query.dateTo,
      };
      const pageSize = query.pageSize ?? (await fastify.appConfig.current()).defaults.pageSize;
      const [rows, total] = await Promise.all([
        news.list(filter, parseSort<NewsSortField>(query.sort), query.page ?? 1, pageSize),
        news.count(filter),
      ]);
      return { items: rows.map(newsItemJson), total };
    },

    async details(ref: NewsRef) {
      const row = orNotFound(await news.findDetails(ref), 'newsNotFound');
      return { ...newsItemJson(row), body: row.body, comment: row.comment };
    },

    /** Every item or none, each change audited in the same transaction. */
    async changeStatus(actor: AuditActor, refs: readonly NewsRef[], status: NewsStatus, comment: string | null): Promise<number> {
      return fastify.db.transaction(async (tx) => {
        const locked = await news.lockForUpdate(tx, refs);
        const byKey = new Map(locked.map((row) => [`${row.newsItemId}:${row.tableName}`, row]));
        const missing = Object.fromEntries(
          refs.flatMap((ref, index) => (byKey.has(`${ref.newsItemId}:${ref.tableName}`) ? [] : [[`items.${index}`, 'newsItemMissing' as const]])),
        );
        if (Object.keys(missing).length > 0) throw new HttpError(422, 'newsItemsNotFound', missing);

        const updated = await news.setStatus(tx, refs.map((ref) => ref.newsItemId), status, comment, actor.username);
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
      const rows = await news.findMany(refs);
      if (rows.length === 0) throw new HttpError(422, 'newsNoneFound', { newsItemsForExcel: 'newsItemMissing' });
      return rows;
    },
  };
}
