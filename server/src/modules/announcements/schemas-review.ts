import Type from 'typebox';
import { ANNOUNCEMENT_SOURCES, ANNOUNCEMENT_STATUSES, MAX_PAGE_SIZE, SUPPRESS_REASONS } from '../../../../common/domains/announcements/model.js';

// The review routes' bodies and answers (types: common/domains/announcements/model.ts).

const literals = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A row id inside a body: within what a bigint takes and a JSON number holds exactly. */
export const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** An instant with an offset, in years PostgreSQL and a reader both take (year 0 is neither's). */
const Instant = Type.String({ format: 'date-time', pattern: '^(19|20)[0-9]{2}-' });

const UserRef = Type.Object({ id: Type.Integer(), username: Type.String() });
export const CompanyRef = Type.Object({ id: Type.Integer(), name: Type.String(), isin: Type.String(), ticker: Type.String() });
export const LockReply = Type.Object({ user: UserRef, expiresAt: Type.String() });

const answerFields = {
  id: Type.Integer(),
  source: literals(ANNOUNCEMENT_SOURCES),
  sourceId: Type.String(),
  company: Nullable(CompanyRef),
  companyName: Type.String(),
  isin: Type.String(),
  scripCode: Type.String(),
  symbol: Type.String(),
  exchangeCategory: Type.String(),
  exchangeSubcategory: Type.String(),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  subject: Type.String(),
  summary: Type.String(),
  attachmentUrl: Type.String(),
  hasAttachment: Type.Boolean(),
  attachmentError: Nullable(Type.String()),
  critical: Type.Boolean(),
  material: Type.Boolean(),
  status: literals(ANNOUNCEMENT_STATUSES),
  suppressReason: Nullable(literals(SUPPRESS_REASONS)),
  retractReason: Nullable(Type.String()),
  groupId: Nullable(Type.Integer()),
  groupSize: Type.Integer(),
  disseminatedAt: Type.String(),
  ingestedAt: Type.String(),
  publishedAt: Nullable(Type.String()),
  publishedBy: Nullable(UserRef),
  decidedAt: Nullable(Type.String()),
  decidedBy: Nullable(UserRef),
  feedRunId: Nullable(Type.Integer()),
  createdBy: Nullable(UserRef),
  lock: Nullable(LockReply),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
};
export const AnnouncementReply = Type.Object(answerFields);
export const DetailReply = Type.Object({ ...answerFields, members: Type.Array(AnnouncementReply) });

// The form's fields; what the database also checks (an existing company, an active category,
// a date not ahead) the service names field by field.
export const InputBody = Type.Object({
  companyId: Nullable(RowId),
  companyName: Type.Optional(Type.String({ maxLength: 300 })),
  categoryId: Nullable(RowId),
  subject: Type.String({ minLength: 1, maxLength: 500 }),
  summary: Type.String({ maxLength: 10_000 }),
  critical: Type.Boolean(),
  material: Type.Boolean(),
  disseminatedAt: Type.Optional(Instant),
  exchangeCategory: Type.Optional(Type.String({ maxLength: 200 })),
  exchangeSubcategory: Type.Optional(Type.String({ maxLength: 200 })),
});
export const EditBody = Type.Intersect([InputBody, Type.Object({ version: Version })]);
export const DecisionBody = Type.Object({ version: Version });
export const SuppressBody = Type.Object({ version: Version, reason: literals(SUPPRESS_REASONS) });
export const RetractBody = Type.Object({ version: Version, reason: Type.String({ minLength: 1, maxLength: 500 }) });
export const MergeBody = Type.Object({ version: Version, into: RowId });
export const CompanyBody = Type.Object({ version: Version, companyId: RowId, remember: Type.Boolean() });
export const LockBody = Type.Object({ force: Type.Optional(Type.Boolean()) });

export const ListQuery = Type.Object({
  status: Type.Optional(literals(['queue', 'all', ...ANNOUNCEMENT_STATUSES] as const)),
  source: Type.Optional(literals(ANNOUNCEMENT_SOURCES)),
  categoryId: Type.Optional(RowId),
  companyId: Type.Optional(RowId),
  unmatched: Type.Optional(Type.Boolean()),
  critical: Type.Optional(Type.Boolean()),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(Instant),
  to: Type.Optional(Instant),
  sort: Type.Optional(literals(['disseminatedAt:asc', 'disseminatedAt:desc'] as const)),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
