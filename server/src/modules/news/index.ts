import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import Value from 'typebox/value';
import { HttpError } from '../../errors.js';
import { ErrorReply } from '../../../../common/schemas.js';
import {
  ChangeStatusBody,
  ChangeStatusReply,
  NewsDetailsQuery,
  NewsDetailsReply,
  NewsDetails,
  NewsItem,
  NewsItemParams,
  NewsListQuery,
  NewsRefs,
} from './schemas.js';
import { createTransitionService } from '../../lib/workflow/transitions-service.js';
import { transitionRoutes } from '../../lib/workflow/transitions-routes.js';
import { newsTransitionStore } from './transition-store.js';
import { apiKeyCheck, sendXlsx } from '../../lib/excel/excel-http.js';
import { readUpload } from '../../lib/upload-guard/index.js';
import { sendPage } from '../../lib/paging.js';
import { createNewsService, normaliseRefs } from './service.js';
import newsExport from './export-route.js';

const tags = ['news'];

const NEWS = (action: 'list' | 'show') => ({ resource: 'news-feeds', action }) as const;

function stamp(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/** News management (API.md): the news feeds under `be-api-management/news/` (companies: modules/companies). */
const news: FastifyPluginAsyncTypebox = async (fastify) => {
  const excel = fastify.excel;
  const newsService = createNewsService(fastify);
  const checkApiKey = apiKeyCheck(fastify);
  // The filtered list as a file (export-route.ts).
  await fastify.register(newsExport);
  // The status as workflow transitions (approve, reject, reopen: common/resources/news-feeds.ts), one or many items.
  const transitions = createTransitionService(newsTransitionStore(fastify), fastify.domainEvents);
  await fastify.register(transitionRoutes(transitions, { record: NewsDetails, idName: 'newsItemId', params: NewsItemParams }, 'validation'));

  fastify.get(
    '/be-api-management/news/news',
    {
      config: { access: NEWS('list') },
      schema: {
        tags,
        summary: 'News items matching the filter, one page; x-total-count is the exact total',
        querystring: NewsListQuery,
        response: { 200: Type.Array(NewsItem), 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const { items, total } = await newsService.list(request.query);
      return sendPage(reply, { rows: items, total });
    },
  );

  fastify.get(
    '/be-api-management/news/news-details',
    {
      config: { access: NEWS('show') },
      schema: {
        tags,
        summary: 'One news item with its body (HTML as received: the client sanitises it)',
        querystring: NewsDetailsQuery,
        response: { 200: NewsDetailsReply, 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => ({ result: { payload: await newsService.details(request.query) } }),
  );

  fastify.get(
    '/be-api-management/news/news/:newsItemId',
    {
      config: { access: NEWS('show') },
      schema: {
        tags,
        summary: 'One news item by its id, with its body and version, bare (the generic show page; news-details is the legacy read)',
        params: NewsItemParams,
        response: { 200: NewsDetails, 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => newsService.item(request.params.newsItemId),
  );

  fastify.post(
    '/be-api-management/news/change-news-status',
    {
      // Whoever sees the list may change a status (the transitions' role: the resource's, every staff role).
      config: { access: NEWS('list') },
      schema: {
        tags,
        summary: 'Sets the status of one or many items, all or none, each change audited',
        body: ChangeStatusBody,
        response: { 200: ChangeStatusReply, 401: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request) => {
      const comment = request.body.comment?.trim() || null;
      const updated = await newsService.changeStatus(request.actor, normaliseRefs(request.body.items), request.body.newsStatus, comment);
      return { result: { updated } };
    },
  );

  fastify.post(
    '/be-api-management/news/excel-download',
    {
      // Text fields only; the legacy client may send a few besides this one.
      config: { access: NEWS('list'), upload: { files: {}, fields: ['newsItemsForExcel'], maxFields: 20 } },
      onRequest: checkApiKey,
      schema: {
        tags,
        summary: 'The selected items as an .xlsx file (multipart field newsItemsForExcel, header x-api-key)',
        consumes: ['multipart/form-data'],
        response: { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 413: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const { fields } = await readUpload(request);
      const raw = fields.newsItemsForExcel;
      let items: unknown;
      try {
        items = raw === undefined ? undefined : JSON.parse(raw);
      } catch {
        items = undefined;
      }
      if (!Value.Check(NewsRefs, items)) {
        throw new HttpError(422, 'validation', { newsItemsForExcel: 'newsRefs' });
      }
      const rows = await newsService.rowsForExcel(normaliseRefs(items));
      const data = await excel.build({
        sheetName: 'News',
        header: ['News Item Id', 'Table', 'Company Id', 'Company', 'Headline', 'Summary', 'Source', 'URL', 'Published At', 'Status', 'Updated At', 'Updated By'],
        rows: rows.map((row) => [
          row.newsItemId,
          row.tableName,
          row.companyId,
          row.companyName,
          row.headline,
          row.summary,
          row.source,
          row.url,
          row.publishedAt.toISOString(),
          row.newsStatus,
          row.updatedAt.toISOString(),
          row.updatedBy ?? '',
        ]),
      });
      return sendXlsx(reply, `news-${stamp()}.xlsx`, data);
    },
  );
};

export default news;
