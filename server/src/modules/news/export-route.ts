import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorReply } from '../../../../common/schemas.js';
import type { ExportType } from '../../lib/export/cells.js';
import { cursorRows } from '../../lib/export/cursor.js';
import { checkRowLimit, EXPORT_SUMMARY, exportBodySchema, sendExport, typedColumns, type ExportBody } from '../../lib/export/export-http.js';
import { countNews, unpagedNews } from './repository.js';
import { Id, NewsListQuery } from './schemas.js';
import { newsFilterOf, newsSortOf } from './service.js';

// `POST be-api-management/news/news/export`: the news items the list's filters match (or the
// selected ones), as .xlsx or CSV streamed from a cursor. The selected-items download
// (`excel-download`, API.md) stays as it was.

const { page: _page, pageSize: _pageSize, ...listQuery } = NewsListQuery.properties;
const NewsExportBody = exportBodySchema(Type.Object(listQuery, { additionalProperties: false }), Id);

/** What an item's columns hold, and how wide each is (characters). */
const NEWS_COLUMNS = new Map<string, { type: ExportType; width: number }>([
  ['newsItemId', { type: 'integer', width: 12 }],
  ['tableName', { type: 'text', width: 12 }],
  ['companyId', { type: 'integer', width: 11 }],
  ['companyName', { type: 'text', width: 30 }],
  ['headline', { type: 'text', width: 60 }],
  ['summary', { type: 'text', width: 60 }],
  ['source', { type: 'text', width: 18 }],
  ['url', { type: 'text', width: 40 }],
  ['publishedAt', { type: 'datetime', width: 18 }],
  ['newsStatus', { type: 'text', width: 12 }],
  ['updatedAt', { type: 'datetime', width: 18 }],
  ['updatedBy', { type: 'text', width: 14 }],
]);

const newsExport: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/be-api-management/news/news/export',
    {
      config: { access: { resource: 'news-feeds', action: 'list' } },
      schema: {
        tags: ['news'],
        summary: `News items matching the list's filters (\`query\`), or the selected ones (\`ids\`, news item ids), as a file; ${EXPORT_SUMMARY}`,
        body: NewsExportBody,
        response: { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply },
      },
    },
    async (request, reply) => {
      const body = request.body as ExportBody & { query?: Type.Static<typeof NewsExportBody>['query'] };
      const columns = typedColumns(body, NEWS_COLUMNS);
      const { sort, ...query } = body.query ?? {};
      const filter = newsFilterOf(query);
      // The selection is bounded by the body's schema; a filter is counted from the counters (exact, fast).
      if (!body.ids) checkRowLimit(await countNews(fastify.db, filter));
      const statement = unpagedNews(filter, newsSortOf(sort), body.ids);
      return sendExport(reply, {
        format: body.format,
        columns,
        rows: cursorRows(fastify.db, statement.sql, statement.params),
        name: 'news',
        sheetName: 'News',
        timeZone: body.timeZone,
      });
    },
  );
};

export default newsExport;
