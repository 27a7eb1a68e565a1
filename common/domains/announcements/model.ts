// Announcements' shared vocabulary (docs/announcements.md): what the server answers and the
// pages send. Plain types and constants: the server imports them, the client's bundle gets only
// what it uses.

export type AnnouncementSource = 'BSE' | 'NSE' | 'manual';
export const ANNOUNCEMENT_SOURCES: readonly AnnouncementSource[] = ['BSE', 'NSE', 'manual'];
export type FeedSource = Exclude<AnnouncementSource, 'manual'>;
export const FEED_SOURCES: readonly FeedSource[] = ['BSE', 'NSE'];

export type AnnouncementStatus = 'ingested' | 'needs_review' | 'published' | 'suppressed' | 'retracted';
export const ANNOUNCEMENT_STATUSES: readonly AnnouncementStatus[] = ['ingested', 'needs_review', 'published', 'suppressed', 'retracted'];
/** Statuses a reviewer still has to decide: the review queue. */
export const QUEUE_STATUSES: readonly AnnouncementStatus[] = ['ingested', 'needs_review'];
export type SuppressReason = 'duplicate' | 'irrelevant';
export const SUPPRESS_REASONS: readonly SuppressReason[] = ['duplicate', 'irrelevant'];

/** Two filings are one disclosure when they name the same company (or ISIN) within this window... */
export const DEDUPE_WINDOW_MINUTES = 120;
/** ...and their subjects' word sets overlap at least this much (Jaccard, after normalising). */
export const DEDUPE_MIN_SIMILARITY = 0.5;
/** A soft lock lives this long unless the open page renews it (every LOCK_RENEW_SECONDS). */
export const LOCK_SECONDS = 90;
export const LOCK_RENEW_SECONDS = 30;
/** The list's largest page, and the count past which totals are reported as "at least". */
export const MAX_PAGE_SIZE = 100;
export const TOTAL_CAP = 10_000;

export interface UserRef {
  id: number;
  username: string;
}

export interface CompanyRef {
  id: number;
  name: string;
  isin: string;
  ticker: string;
}

export interface AnnouncementLock {
  user: UserRef;
  /** ISO 8601. */
  expiresAt: string;
}

/** One row of `GET announcements` and the body of `GET announcements/:id`. */
export interface AnnouncementAnswer {
  id: number;
  source: AnnouncementSource;
  sourceId: string;
  company: CompanyRef | null;
  /** As the source named them (shown when no company is linked). */
  companyName: string;
  isin: string;
  scripCode: string;
  symbol: string;
  exchangeCategory: string;
  exchangeSubcategory: string;
  categoryId: number | null;
  categoryName: string | null;
  subject: string;
  summary: string;
  /** Where the source said the PDF is. */
  attachmentUrl: string;
  /** A PDF is stored: `POST :id/attachment` gives a URL to view it. */
  hasAttachment: boolean;
  /** Catalogue code when the attachment could not be fetched or was not a PDF. */
  attachmentError: string | null;
  critical: boolean;
  material: boolean;
  status: AnnouncementStatus;
  suppressReason: SuppressReason | null;
  retractReason: string | null;
  /** The lead of its duplicate group (its own id when it leads one), null when alone. */
  groupId: number | null;
  /** Members of its group, itself included (1 when alone). */
  groupSize: number;
  /** ISO 8601: when the exchange disseminated it (its age counts from here). */
  disseminatedAt: string;
  ingestedAt: string;
  publishedAt: string | null;
  publishedBy: UserRef | null;
  decidedAt: string | null;
  decidedBy: UserRef | null;
  feedRunId: number | null;
  createdBy: UserRef | null;
  lock: AnnouncementLock | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET announcements/:id`: the row plus its group's other members and its history. */
export interface AnnouncementDetail extends AnnouncementAnswer {
  members: AnnouncementAnswer[];
}

/** `POST announcements` (manual) and `PUT announcements/:id` (with `version`). */
export interface AnnouncementInput {
  companyId: number | null;
  companyName?: string;
  categoryId: number | null;
  subject: string;
  summary: string;
  critical: boolean;
  material: boolean;
  /** ISO 8601; manual create only (default now). */
  disseminatedAt?: string;
  exchangeCategory?: string;
  exchangeSubcategory?: string;
}

/** Review decisions (`POST announcements/:id/<action>`), each with the row's `version`. */
export interface DecisionBody {
  version: number;
}
export interface SuppressBody extends DecisionBody {
  reason: SuppressReason;
}
export interface RetractBody extends DecisionBody {
  reason: string;
}
export interface MergeBody extends DecisionBody {
  /** The announcement this one duplicates (becomes or stays its group's lead). */
  into: number;
}
export interface LinkCompanyBody extends DecisionBody {
  companyId: number;
  /** Remember the source's code (scrip code / symbol) for this company: later filings match by themselves. */
  remember: boolean;
}

/** `GET announcements/stats`: the dashboard tile. */
export interface AnnouncementStats {
  /** Announcements waiting for review (ingested + needs_review). */
  queue: number;
  /** Age in seconds of the oldest one waiting (since dissemination), null when none. */
  oldestAgeSeconds: number | null;
  unmatched: number;
  /** Dissemination → published over announcements published in the last 24 h. */
  latency: { count: number; p50Seconds: number | null; p95Seconds: number | null };
}

/** A feed (Admin+ edits; all roles see them and their runs). */
export interface FeedAnswer {
  id: number;
  source: FeedSource;
  name: string;
  url: string;
  attachmentBase: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  lastRunAt: string | null;
  nextRunAt: string | null;
  lastRun: FeedRunAnswer | null;
  createdBy: UserRef | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}
export interface FeedInput {
  source: FeedSource;
  name: string;
  url: string;
  attachmentBase: string;
  cron: string;
  timezone: string;
  enabled: boolean;
}

export interface FeedProblem {
  /** Position of the entry in the feed (0-based). */
  index: number;
  sourceId: string | null;
  /** Field reason code of the catalogue (`entry*`). */
  reason: string;
  /** The exchange's name of the field at fault, null when the entry is not an object. */
  field: string | null;
  /** The reason's values (`entryTooLong`: `limit`). */
  params?: Record<string, number>;
}

export type FeedRunStatus = 'running' | 'succeeded' | 'failed';
export interface FeedRunAnswer {
  id: number;
  feedId: number | null;
  feedName: string | null;
  source: FeedSource;
  trigger: 'schedule' | 'manual';
  status: FeedRunStatus;
  startedAt: string;
  finishedAt: string | null;
  entries: number;
  inserted: number;
  known: number;
  grouped: number;
  unmatched: number;
  malformed: number;
  attachmentsFailed: number;
  problems: FeedProblem[];
  error: string | null;
  createdBy: UserRef | null;
}

/** What the live stream (`event: announcements`) carries: re-read what it names. */
export interface AnnouncementsEvent {
  op: 'insert' | 'update' | 'lock';
  /** Up to 500 ids the statement touched. */
  ids: number[];
  /** How many rows the statement touched. */
  count: number;
  /** `lock` only: who holds it now (null: released). */
  lockedBy?: UserRef | null;
  expiresAt?: string | null;
}

/** `GET announcements/notices/current`: what the dashboard shows every role. */
export type NoticeSeverity = 'info' | 'warning' | 'critical';
export const NOTICE_SEVERITIES: readonly NoticeSeverity[] = ['info', 'warning', 'critical'];
export interface NoticeAnswer {
  id: number;
  title: string;
  body: string;
  severity: NoticeSeverity;
  startsAt: string;
  expiresAt: string;
}
