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
  NewsDetails,
  NewsDetailsReply,
  NewsItem,
  NewsRef,
  NewsRefs,
  NewsStatusSchema,
  TableName,
} from '../../../../common/domains/news/schemas.js';

/** A calendar day; the service checks the range's order, the server's date format each day. */
const DAY = '[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])';
/** The generic list sorts its company column as `companyId` (by the name it shows). */
const LIST_SORT_FIELDS = [...NEWS_SORT_FIELDS, 'companyId'];

const sortPattern = (fields: readonly string[]) => `^(${fields.join('|')}):(asc|desc)(,(${fields.join('|')}):(asc|desc)){0,2}$`;

export const NewsListQuery = Type.Object(
  {
    companyIds: Type.Optional(
      Type.String({ pattern: '^\\s*[1-9][0-9]{0,17}\\s*(,\\s*[1-9][0-9]{0,17}\\s*){0,499}$', description: rule('companyIds') }),
    ),
    // The generic list's company filter (a multiSelect: `a,b`), the same ids as companyIds.
    companyId: Type.Optional(Type.String({ pattern: '^\\s*[1-9][0-9]{0,17}\\s*(,\\s*[1-9][0-9]{0,17}\\s*){0,499}$', description: rule('companyIds') })),
    allCompany: Type.Optional(Type.Boolean({ description: 'true ignores companyIds' })),
    newsStatus: Type.Optional(NewsStatusSchema),
    dateFrom: Type.Optional(IsoDate),
    dateTo: Type.Optional(IsoDate),
    // The generic list's date range: `from,to`, either side may be empty; dateFrom / dateTo win.
    publishedAt: Type.Optional(Type.String({ pattern: `^(${DAY})?,(${DAY})?$`, description: 'from,to (YYYY-MM-DD, inclusive days)' })),
    page: Type.Optional(Page),
    pageSize: Type.Optional(PageSize),
    sort: Type.Optional(Type.String({ pattern: sortPattern(LIST_SORT_FIELDS), description: rule('sort', { fields: LIST_SORT_FIELDS.join(', ') }) })),
  },
  { additionalProperties: false },
);

/** `GET news/{newsItemId}` and the transitions: the item's id (its table's primary key, migration 003). */
export const NewsItemParams = Type.Object({ newsItemId: Id }, { additionalProperties: false });

export const NewsDetailsQuery = Type.Object(
  { newsItemId: Id, tableName: TableName, newsStatus: Type.Optional(NewsStatusSchema) },
  { additionalProperties: false },
);
