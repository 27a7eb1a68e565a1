import type { UserRef } from './schemas';

// Announcements' shared vocabulary (docs/announcements.md): constants and plain types; the
// answers and bodies are schemas.ts's, their types re-exported here under the names the pages
// and the server use. The client's bundle gets only the constants it uses.

export type {
  AnnouncementAnswer,
  AnnouncementDetail,
  AnnouncementEdit,
  AnnouncementInput,
  AnnouncementLock,
  AnnouncementStats,
  CompanyRef,
  DecisionBody,
  FeedAnswer,
  FeedInput,
  FeedProblem,
  FeedRunAnswer,
  FeedRunStatus,
  LinkCompanyBody,
  MergeBody,
  NoticeAnswer,
  RetractBody,
  SuppressBody,
  UserRef,
} from './schemas';

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

/** What the live stream (`event: announcements`) carries: re-read what it names. A plain type: no route schema serialises an event. */
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

export type NoticeSeverity = 'info' | 'warning' | 'critical';
export const NOTICE_SEVERITIES: readonly NoticeSeverity[] = ['info', 'warning', 'critical'];
