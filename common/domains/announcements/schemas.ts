import Type, { type Static } from 'typebox';
import { literals, Nullable, RowId } from '../../schemas';
import { ANNOUNCEMENT_SOURCES, ANNOUNCEMENT_STATUSES, FEED_SOURCES, NOTICE_SEVERITIES, SUPPRESS_REASONS } from './model';

// The announcements API's answers and the bodies the pages send (docs/announcements.md), written
// once: the server validates and serialises with these schemas (server/src/modules/announcements),
// and the pages read the types derived from them (model.ts re-exports them under the same names).

/** A record's version inside a body. */
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** An instant with an offset, in years PostgreSQL and a reader both take (year 0 is neither's). */
export const Instant = Type.String({ format: 'date-time', pattern: '^(19|20)[0-9]{2}-' });

export const UserRef = Type.Object({ id: Type.Integer(), username: Type.String() });
export const CompanyRef = Type.Object({ id: Type.Integer(), name: Type.String(), isin: Type.String(), ticker: Type.String() });
/** `expiresAt`: ISO 8601. */
export const LockReply = Type.Object({ user: UserRef, expiresAt: Type.String() });

const answerFields = {
  id: Type.Integer(),
  source: literals(ANNOUNCEMENT_SOURCES),
  sourceId: Type.String(),
  company: Nullable(CompanyRef),
  /** The linked company's id (the generic form and filter name it so); `company` has its name. */
  companyId: Nullable(Type.Integer()),
  /** As the source named them (shown when no company is linked). */
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
  /** Where the source said the PDF is. */
  attachmentUrl: Type.String(),
  /** A PDF is stored: `POST :id/attachment` gives a URL to view it. */
  hasAttachment: Type.Boolean(),
  /** Catalogue code when the attachment could not be fetched or was not a PDF. */
  attachmentError: Nullable(Type.String()),
  critical: Type.Boolean(),
  material: Type.Boolean(),
  status: literals(ANNOUNCEMENT_STATUSES),
  suppressReason: Nullable(literals(SUPPRESS_REASONS)),
  retractReason: Nullable(Type.String()),
  /** The lead of its duplicate group (its own id when it leads one), null when alone. */
  groupId: Nullable(Type.Integer()),
  /** Members of its group, itself included (1 when alone). */
  groupSize: Type.Integer(),
  /** ISO 8601: when the exchange disseminated it (its age counts from here). */
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
/** One row of `GET announcements`. */
export const AnnouncementReply = Type.Object(answerFields);
/** `GET announcements/:id` and every write's answer: the row plus its group's members. */
export const DetailReply = Type.Object({ ...answerFields, members: Type.Array(AnnouncementReply) });

// The form's fields (`POST announcements`, manual; `PUT announcements/:id` with `version`); what
// the database also checks (an existing company, an active category, a date not ahead) the
// service names field by field.
export const InputBody = Type.Object({
  // Absent or null: none (the generic form leaves an emptied choice out).
  companyId: Type.Optional(Nullable(RowId)),
  companyName: Type.Optional(Type.String({ maxLength: 300 })),
  categoryId: Type.Optional(Nullable(RowId)),
  subject: Type.String({ minLength: 1, maxLength: 500 }),
  summary: Type.String({ maxLength: 10_000 }),
  critical: Type.Boolean(),
  material: Type.Boolean(),
  /** Manual create only (default now). */
  disseminatedAt: Type.Optional(Instant),
  exchangeCategory: Type.Optional(Type.String({ maxLength: 200 })),
  exchangeSubcategory: Type.Optional(Type.String({ maxLength: 200 })),
});
export const EditBody = Type.Intersect([InputBody, Type.Object({ version: Version })]);

// Review decisions (`POST announcements/:id/<action>`), each with the row's `version`.
export const DecisionBody = Type.Object({ version: Version });
export const SuppressBody = Type.Object({ version: Version, reason: literals(SUPPRESS_REASONS) });
export const RetractBody = Type.Object({ version: Version, reason: Type.String({ minLength: 1, maxLength: 500 }) });
/** `into`: the announcement this one duplicates (becomes or stays its group's lead). */
export const MergeBody = Type.Object({ version: Version, into: RowId });
/** `remember`: keep the source's code (scrip code / symbol) for this company, so later filings match by themselves. */
export const CompanyBody = Type.Object({ version: Version, companyId: RowId, remember: Type.Boolean() });

const Seconds = Type.Union([Type.Number(), Type.Null()]);
/** `GET announcements/stats`: the dashboard tile. */
export const StatsReply = Type.Object({
  /** Announcements waiting for review (ingested + needs_review). */
  queue: Type.Integer(),
  /** Age in seconds of the oldest one waiting (since dissemination), null when none. */
  oldestAgeSeconds: Seconds,
  unmatched: Type.Integer(),
  /** Dissemination → published over announcements published in the last 24 h. */
  latency: Type.Object({ count: Type.Integer(), p50Seconds: Seconds, p95Seconds: Seconds }),
});

/** A feed as an Admin writes it (all roles see feeds and their runs). */
export const FeedBody = Type.Object({
  source: literals(FEED_SOURCES),
  name: Type.String({ minLength: 1, maxLength: 80 }),
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  attachmentBase: Type.String({ maxLength: 2000, default: '' }),
  cron: Type.String({ minLength: 1, maxLength: 100 }),
  timezone: Type.String({ minLength: 1, maxLength: 60 }),
  enabled: Type.Boolean(),
});

export const Problem = Type.Object({
  /** Position of the entry in the feed (0-based). */
  index: Type.Integer(),
  sourceId: Nullable(Type.String()),
  /** Field reason code of the catalogue (`entry*`). */
  reason: Type.String(),
  /** The exchange's name of the field at fault, null when the entry is not an object. */
  field: Nullable(Type.String()),
  /** The reason's values (`entryTooLong`: `limit`). */
  params: Type.Optional(Type.Record(Type.String(), Type.Number())),
});
export const RunReply = Type.Object({
  id: Type.Integer(),
  feedId: Nullable(Type.Integer()),
  feedName: Nullable(Type.String()),
  source: literals(FEED_SOURCES),
  trigger: literals(['schedule', 'manual'] as const),
  status: literals(['running', 'succeeded', 'failed'] as const),
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  entries: Type.Integer(),
  inserted: Type.Integer(),
  known: Type.Integer(),
  grouped: Type.Integer(),
  unmatched: Type.Integer(),
  malformed: Type.Integer(),
  attachmentsFailed: Type.Integer(),
  problems: Type.Array(Problem),
  error: Nullable(Type.String()),
  createdBy: Nullable(UserRef),
});
export const FeedReply = Type.Object({
  id: Type.Integer(),
  source: literals(FEED_SOURCES),
  name: Type.String(),
  url: Type.String(),
  attachmentBase: Type.String(),
  cron: Type.String(),
  timezone: Type.String(),
  enabled: Type.Boolean(),
  lastRunAt: Nullable(Type.String()),
  nextRunAt: Nullable(Type.String()),
  lastRun: Nullable(RunReply),
  createdBy: Nullable(UserRef),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** `GET announcements/notices/current`: what the dashboard shows every role. */
export const NoticeReply = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  severity: Type.Enum([...NOTICE_SEVERITIES]),
  startsAt: Type.String(),
  expiresAt: Type.String(),
});

export type UserRef = Static<typeof UserRef>;
export type CompanyRef = Static<typeof CompanyRef>;
export type AnnouncementLock = Static<typeof LockReply>;
export type AnnouncementAnswer = Static<typeof AnnouncementReply>;
export type AnnouncementDetail = Static<typeof DetailReply>;
export type AnnouncementInput = Static<typeof InputBody>;
export type AnnouncementEdit = Static<typeof EditBody>;
export type DecisionBody = Static<typeof DecisionBody>;
export type SuppressBody = Static<typeof SuppressBody>;
export type RetractBody = Static<typeof RetractBody>;
export type MergeBody = Static<typeof MergeBody>;
export type LinkCompanyBody = Static<typeof CompanyBody>;
export type AnnouncementStats = Static<typeof StatsReply>;
export type FeedInput = Static<typeof FeedBody>;
export type FeedProblem = Static<typeof Problem>;
export type FeedRunAnswer = Static<typeof RunReply>;
export type FeedRunStatus = FeedRunAnswer['status'];
export type FeedAnswer = Static<typeof FeedReply>;
export type NoticeAnswer = Static<typeof NoticeReply>;
