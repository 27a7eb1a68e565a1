import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type Type from 'typebox';
import { newsFeeds } from '../../../../common/resources/news-feeds.js';
import type { KnownColumn } from '../../lib/export/export-http.js';
import { cursorRows } from '../../lib/export/cursor.js';
import { addListExportRoute } from '../../lib/export/list-export-route.js';
import { countNews, unpagedNews } from './repository.js';
import { Id, NewsListQuery } from './schemas.js';
import { newsFilterOf, newsSortOf } from './service.js';

// `POST be-api-management/news/news/export`: the news items the list's filters match (or the
// selected ones), as .xlsx or CSV streamed from a cursor. The selected-items download
// (`excel-download`, API.md) stays as it was.

/** What an item's columns hold, and how wide each is (characters). */
const NEWS_COLUMNS = new Map<string, KnownColumn>([
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
  addListExportRoute(fastify, {
    path: '/be-api-management/news/news',
    definition: newsFeeds,
    tags: ['news'],
    query: NewsListQuery,
    id: Id,
    columns: NEWS_COLUMNS,
    fileName: 'news',
    sheetName: 'News',
    async source(query, ids) {
      const { sort, ...rest } = query as Type.Static<typeof NewsListQuery>;
      const filter = newsFilterOf(rest);
      const statement = unpagedNews(filter, newsSortOf(sort), ids);
      // The selection is bounded by the body's schema; a filter is counted from the counters (exact, fast).
      return { ...(ids ? {} : { total: await countNews(fastify.db, filter) }), rows: cursorRows(fastify.db, statement.sql, statement.params) };
    },
  });
};

export default newsExport;
