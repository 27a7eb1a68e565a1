import Type from 'typebox';
import { Id, IdOrNumber, IsoDate, Page, PageSize, rule } from '../../../../common/schemas.js';

export { Id, Page, PageSize };

// News management (API.md "News management"). Ids are bigint in the database and strings here.

export const NEWS_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
/** The opaque `tableName` values: the feed an item came from. */
export const NEWS_TABLES = ['news_feed', 'news_wire'] as const;

/** The fields the news list sorts by, each backed by an index (see migration 003). */
export const NEWS_SORT_FIELDS = ['publishedAt', 'updatedAt', 'newsStatus', 'companyName', 'newsItemId'] as const;

const sortPattern = (fields: readonly string[]) => `^(${fields.join('|')}):(asc|desc)(,(${fields.join('|')}):(asc|desc)){0,2}$`;

export const NewsStatusSchema = Type.Enum(NEWS_STATUSES, { description: 'PENDING, APPROVED or REJECTED' });
export const TableName = Type.Enum(NEWS_TABLES, { description: 'a tableName the server sent' });


export const NewsListQuery = Type.Object(
  {
    companyIds: Type.Optional(
      Type.String({ pattern: '^\\s*[1-9][0-9]{0,17}\\s*(,\\s*[1-9][0-9]{0,17}\\s*){0,499}$', description: rule('companyIds') }),
    ),
    allCompany: Type.Optional(Type.Boolean({ description: 'true ignores companyIds' })),
    newsStatus: Type.Optional(NewsStatusSchema),
    dateFrom: Type.Optional(IsoDate),
    dateTo: Type.Optional(IsoDate),
    page: Type.Optional(Page),
    pageSize: Type.Optional(PageSize),
    sort: Type.Optional(Type.String({ pattern: sortPattern(NEWS_SORT_FIELDS), description: rule('sort', { fields: NEWS_SORT_FIELDS.join(', ') }) })),
  },
  { additionalProperties: false },
);

export const NewsItem = Type.Object({
  newsItemId: Id,
  tableName: Type.String(),
  companyId: Id,
  companyName: Type.String(),
  headline: Type.String(),
  summary: Type.String(),
  source: Type.String(),
  url: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
  newsStatus: NewsStatusSchema,
  updatedAt: Type.String({ format: 'date-time' }),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});

export const NewsDetailsQuery = Type.Object(
  { newsItemId: Id, tableName: TableName, newsStatus: Type.Optional(NewsStatusSchema) },
  { additionalProperties: false },
);

export const NewsDetailsReply = Type.Object({
  result: Type.Object({
    payload: Type.Object({
      ...NewsItem.properties,
      body: Type.String({ description: 'HTML as the feed sent it: the client sanitises it' }),
      comment: Type.Union([Type.String(), Type.Null()], { description: 'the comment of the last status change' }),
    }),
  }),
});

export const NewsRef = Type.Object({ newsItemId: IdOrNumber, tableName: TableName }, { additionalProperties: false });
export const MAX_ITEMS_PER_CALL = 5000;

export const ChangeStatusBody = Type.Object(
  {
    items: Type.Array(NewsRef, { minItems: 1, maxItems: MAX_ITEMS_PER_CALL }),
    newsStatus: NewsStatusSchema,
    comment: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export const ChangeStatusReply = Type.Object({ result: Type.Object({ updated: Type.Integer() }) });

export const NewsRefs = Type.Array(NewsRef, { minItems: 1, maxItems: MAX_ITEMS_PER_CALL });
