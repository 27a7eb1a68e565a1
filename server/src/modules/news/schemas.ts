import Type from 'typebox';
import { NEWS_SORT_FIELDS } from '../../../../common/domains/news/model.js';
import { NewsStatusSchema, TableName } from '../../../../common/domains/news/schemas.js';
import { Id, IsoDate, Page, PageSize, rule } from '../../../../common/schemas.js';

export { Id, Page, PageSize };

// News management (API.md "News management"): what the routes validate at the edge. The answers
// and the bodies the pages send are common/domains/news/schemas.ts, which the pages' types come from.

export {
  ChangeStatusBody,
  ChangeStatusReply,
  MAX_ITEMS_PER_CALL,
  NewsDetailsReply,
  NewsItem,
  NewsRef,
  NewsRefs,
  NewsStatusSchema,
  TableName,
} from '../../../../common/domains/news/schemas.js';

const sortPattern = (fields: readonly string[]) => `^(${fields.join('|')}):(asc|desc)(,(${fields.join('|')}):(asc|desc)){0,2}$`;

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

export const NewsDetailsQuery = Type.Object(
  { newsItemId: Id, tableName: TableName, newsStatus: Type.Optional(NewsStatusSchema) },
  { additionalProperties: false },
);
