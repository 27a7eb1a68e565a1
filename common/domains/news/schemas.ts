import Type, { type Static } from 'typebox';
import { Id, IdOrNumber } from '../../schemas';
import { NEWS_STATUSES, NEWS_TABLES } from './model';

// News management's answers and the bodies the pages send (API.md "News management"), written
// once: the server validates and serialises with these schemas (server/src/modules/news and
// companies), and the pages read the types derived from them. Ids are bigint in the database
// and strings here.

export const NewsStatusSchema = Type.Enum(NEWS_STATUSES, { description: 'PENDING, APPROVED or REJECTED' });
export const TableName = Type.Enum(NEWS_TABLES, { description: 'a tableName the server sent' });

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
  // The generic pages' workflow transitions send it back (409 staleEdit when the item moved since).
  version: Type.Integer({ minimum: 1, description: 'changes with every status change (derived from updatedAt: the table has no version column)' }),
});

/** One item with its body, as news-details answers it. */
export const NewsDetails = Type.Object({
  ...NewsItem.properties,
  body: Type.String({ description: 'HTML as the feed sent it: the client sanitises it' }),
  comment: Type.Union([Type.String(), Type.Null()], { description: 'the comment of the last status change' }),
});

export const NewsDetailsReply = Type.Object({ result: Type.Object({ payload: NewsDetails }) });

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

/** excel-download's `newsItemsForExcel` field, once parsed from its JSON. */
export const NewsRefs = Type.Array(NewsRef, { minItems: 1, maxItems: MAX_ITEMS_PER_CALL });

/** One company search-company found (server/src/modules/companies). */
export const CompanyOption = Type.Object({ companyId: Id, compName: Type.String() });

export type NewsItemAnswer = Static<typeof NewsItem>;
export type NewsDetailsAnswer = Static<typeof NewsDetails>;
export type NewsRefInput = Static<typeof NewsRef>;
export type ChangeStatusInput = Static<typeof ChangeStatusBody>;
export type CompanyOptionAnswer = Static<typeof CompanyOption>;
