import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { cappedCount, containsPattern, isoOf } from '../../lib/paging.js';
import { TOTAL_CAP, type AnnouncementAnswer, type AnnouncementSource, type AnnouncementStatus } from '../../../../common/domains/announcements/model.js';

// SQL of announcements (migration 017) and the answer mapping. One statement per page: the
// lock (an unexpired one only) and the group's size come with the rows, never a query per row.

const SELECT = `SELECT a.id::int AS id, a.source, a.source_id AS "sourceId",
    a.company_id::int AS "companyId", c.comp_name AS "companyRefName", c.isin AS "companyIsin", c.ticker AS "companyTicker",
    a.company_name AS "companyName", a.isin, a.scrip_code AS "scripCode", a.symbol,
    a.exchange_category AS "exchangeCategory", a.exchange_subcategory AS "exchangeSubcategory",
    a.category_id::int AS "categoryId", cat.name AS "categoryName", a.subject, a.summary,
    a.attachment_url AS "attachmentUrl", a.attachment_blob_id IS NOT NULL AS "hasAttachment", a.attachment_error AS "attachmentError",
    a.critical, a.material, a.status, a.suppress_reason AS "suppressReason", a.retract_reason AS "retractReason",
    a.group_id::int AS "groupId",
    CASE WHEN a.group_id IS NULL THEN 1 ELSE (SELECT count(*)::int FROM announcements g WHERE g.group_id = a.group_id) END AS "groupSize",
    a.disseminated_at AS "disseminatedAt",
    to_char(a.disseminated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt",
    a.ingested_at AS "ingestedAt", a.published_at AS "publishedAt", a.published_by::int AS "publishedById", pu.username AS "publishedByName",
    a.decided_at AS "decidedAt", a.decided_by::int AS "decidedById", du.username AS "decidedByName",
    a.feed_run_id::int AS "feedRunId", a.created_by::int AS "createdById", cu.username AS "createdByName",
    l.user_id::int AS "lockUserId", l.username AS "lockUsername", l.expires_at AS "lockExpiresAt",
    a.version, a.created_at AS "createdAt", a.updated_at AS "updatedAt"
  FROM announcements a
  LEFT JOIN companies c ON c.company_id = a.company_id
  LEFT JOIN announcement_categories cat ON cat.id = a.category_id
  LEFT JOIN users pu ON pu.id = a.published_by
  LEFT JOIN users du ON du.id = a.decided_by
  LEFT JOIN users cu ON cu.id = a.created_by
  LEFT JOIN announcement_locks l ON l.announcement_id = a.id AND l.expires_at > now()`;

/**
 * A row as read: the answer's own fields, with times as the driver gives them and the company,
 * users and lock in flat columns (the answer nests them).
 */
export interface AnnouncementRow
  extends Omit<AnnouncementAnswer, 'company' | 'publishedBy' | 'decidedBy' | 'createdBy' | 'lock' | 'disseminatedAt' | 'ingestedAt' | 'publishedAt' | 'decidedAt' | 'createdAt' | 'updatedAt'> {
  companyId: number | null;
  companyRefName: string | null;
  companyIsin: string | null;
  companyTicker: string | null;
  disseminatedAt: unknown;
  cursorAt: string;
  ingestedAt: unknown;
  publishedAt: unknown;
  publishedById: number | null;
  publishedByName: string | null;
  decidedAt: unknown;
  decidedById: number | null;
  decidedByName: string | null;
  createdById: number | null;
  createdByName: string | null;
  lockUserId: number | null;
  lockUsername: string | null;
  lockExpiresAt: unknown;
  createdAt: unknown;
  updatedAt: unknown;
}

const userRef = (id: number | null, name: string | null) => (id === null ? null : { id, username: name ?? '' });
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : isoOf(value));

export function announcementAnswer(row: AnnouncementRow): AnnouncementAnswer {
  return {
    id: row.id,
    source: row.source,
    sourceId: row.sourceId,
    company: row.companyId === null ? null : { id: row.companyId, name: row.companyRefName ?? '', isin: row.companyIsin ?? '', ticker: row.companyTicker ?? '' },
    companyId: row.companyId,
    companyName: row.companyName,
    isin: row.isin,
    scripCode: row.scripCode,
    symbol: row.symbol,
    exchangeCategory: row.exchangeCategory,
    exchangeSubcategory: row.exchangeSubcategory,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    subject: row.subject,
    summary: row.summary,
    attachmentUrl: row.attachmentUrl,
    hasAttachment: row.hasAttachment,
    attachmentError: row.attachmentError,
    critical: row.critical,
    material: row.material,
    status: row.status,
    suppressReason: row.suppressReason,
    retractReason: row.retractReason,
    groupId: row.groupId,
    groupSize: row.groupSize,
    disseminatedAt: isoOf(row.disseminatedAt),
    ingestedAt: isoOf(row.ingestedAt),
    publishedAt: isoOrNull(row.publishedAt),
    publishedBy: userRef(row.publishedById, row.publishedByName),
    decidedAt: isoOrNull(row.decidedAt),
    decidedBy: userRef(row.decidedById, row.decidedByName),
    feedRunId: row.feedRunId,
    createdBy: userRef(row.createdById, row.createdByName),
    lock: row.lockUserId === null ? null : { user: { id: row.lockUserId, username: row.lockUsername ?? '' }, expiresAt: isoOf(row.lockExpiresAt) },
    version: row.version,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  };
}

/** One announcement; `lock` takes the row lock (FOR UPDATE) a decision holds until it commits. */
export async function findAnnouncement(q: Queryable, id: number, options: { lock?: boolean } = {}): Promise<AnnouncementRow | null> {
  const { rows } = await q.query<AnnouncementRow>(`${SELECT} WHERE a.id = $1${options.lock ? ' FOR UPDATE OF a' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The other rows of a group, oldest first. */
export async function groupMembers(q: Queryable, groupId: number, except: number): Promise<AnnouncementRow[]> {
  const { rows } = await q.query<AnnouncementRow>(`${SELECT} WHERE a.group_id = $1 AND a.id <> $2 ORDER BY a.disseminated_at, a.id`, [groupId, except]);
  return rows;
}

export type StatusFilter = 'queue' | 'all' | AnnouncementStatus;

export interface ListFilters {
  status: StatusFilter;
  /** One source, or several (the generic list's multiSelect sends `BSE,NSE`). */
  source?: AnnouncementSource | readonly AnnouncementSource[] | undefined;
  categoryId?: readonly string[] | undefined;
  companyId?: readonly string[] | undefined;
  unmatched?: boolean | undefined;
  critical?: boolean | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface Cursor {
  at: string;
  id: number;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The cursor a previous page gave, or a 422 naming `cursor` (it is opaque: anything else is not one). */
export function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as [unknown, unknown];
      if (typeof at === 'string' && CURSOR_AT.test(at) && !Number.isNaN(Date.parse(at)) && Number.isSafeInteger(id) && (id as number) > 0) {
        return { at, id: id as number };
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw new HttpError(422, 'validation', { cursor: 'invalid' });
}

/** WHERE clauses and their parameters; every value is a parameter, every column a name from here. */
function whereOf(filters: ListFilters): { clauses: string[]; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // The queue's own spelling matches the partial index announcements_queue_time.
  if (filters.status === 'queue') clauses.push(`a.status IN ('ingested', 'needs_review')`);
  else if (filters.status !== 'all') clauses.push(`a.status = ${param(filters.status)}`);
  if (typeof filters.source === 'string') clauses.push(`a.source = ${param(filters.source)}`);
  else if (filters.source && filters.source.length > 0) clauses.push(`a.source = ANY(${param(filters.source)}::text[])`);
  if (filters.categoryId?.length) clauses.push(`a.category_id = ANY(${param(filters.categoryId)}::bigint[])`);
  if (filters.companyId?.length) clauses.push(`a.company_id = ANY(${param(filters.companyId)}::bigint[])`);
  if (filters.unmatched) clauses.push('a.company_id IS NULL');
  if (filters.critical) clauses.push('a.critical');
  if (filters.from) clauses.push(`a.disseminated_at >= ${param(filters.from)}::timestamptz`);
  if (filters.to) clauses.push(`a.disseminated_at <= ${param(filters.to)}::timestamptz`);
  const pattern = containsPattern(filters.q);
  if (pattern) {
    // Migration 017's announcements_text indexes exactly this expression (where pg_trgm exists).
    // The company's name is the one the row carries (the source's, or the linked company's for
    // a manual one): a join to companies here would keep the planner off that index.
    // The queue is small by construction: reading it whole is cheaper than a common word's
    // trigram lists (145 ms for "dividend" at a million rows), so there the expression is
    // spelled so that the index does not match it.
    const text = filters.status === 'queue' ? `(a.subject || ' ' || a.summary || ' ' || a.company_name || '')` : `(a.subject || ' ' || a.summary || ' ' || a.company_name)`;
    clauses.push(`${text} ILIKE ${param(pattern)}`);
  }
  return { clauses, params };
}

/** The list's order: by dissemination, then id (the keyset's and its index's). */
const orderOf = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'a.disseminated_at ASC, a.id ASC' : 'a.disseminated_at DESC, a.id DESC');

/** The list's rows for an export: its filters and order, unpaged, or only `ids` among them (a statementSource). */
export function exportStatement(filters: ListFilters, direction: 'asc' | 'desc', ids?: readonly string[]): { sql: string; from: string; params: unknown[] } {
  const { clauses, params } = whereOf(filters);
  if (ids) {
    params.push(ids);
    clauses.push(`a.id = ANY($${params.length}::bigint[])`);
  }
  const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  return { sql: `${SELECT} ${where} ORDER BY ${orderOf(direction)}`, from: `FROM announcements a ${where}`, params };
}

export interface ListPage {
  rows: AnnouncementRow[];
  total: number;
  capped: boolean;
  next: Cursor | null;
}

/** One keyset page on (disseminated_at, id), and the total counted up to TOTAL_CAP. */
/**
 * `offset`: the generic list's numbered pages (`page`), used only without a cursor; page 1 is as
 * quick as the keyset's, a deep page reads the rows before it (the queue's own screen pages by cursor).
 */
export async function listAnnouncements(q: Queryable, filters: ListFilters, direction: 'asc' | 'desc', pageSize: number, cursor: Cursor | null, offset = 0): Promise<ListPage> {
  const { clauses, params } = whereOf(filters);
  const countWhere = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  const pageClauses = [...clauses];
  const pageParams = [...params];
  if (cursor) {
    pageParams.push(cursor.at, cursor.id);
    pageClauses.push(`(a.disseminated_at, a.id) ${direction === 'asc' ? '>' : '<'} ($${pageParams.length - 1}::timestamptz, $${pageParams.length}::bigint)`);
  }
  const pageWhere = pageClauses.length > 0 ? `WHERE ${pageClauses.join(' AND ')}` : '';
  const order = orderOf(direction);
  pageParams.push(pageSize + 1);
  const skip = !cursor && offset > 0 ? ` OFFSET ${Math.trunc(offset)}` : '';
  // Without a text search the count walks the page's own index in its order, so a time range
  // or a status reads at most TOTAL_CAP index entries (a sequential scan of a time-ordered
  // table reads the old rows first); a text search has to read rows anyway, in table order.
  const countOrder = filters.q?.trim() ? '' : ` ORDER BY ${order}`;
  // On PostgreSQL the two run on two pool connections at once.
  const [{ rows }, counted] = await Promise.all([
    // The page's ids first (index only), then the joins for those rows alone.
    q.query<AnnouncementRow>(
      `WITH page AS (SELECT a.id FROM announcements a ${pageWhere} ORDER BY ${order} LIMIT $${pageParams.length}${skip})
       ${SELECT} WHERE a.id IN (SELECT id FROM page) ORDER BY ${order}`,
      pageParams,
    ),
    cappedCount(q, `FROM announcements a ${countWhere}${countOrder}`, params, TOTAL_CAP),
  ]);
  const more = rows.length > pageSize;
  const pageRows = more ? rows.slice(0, pageSize) : rows;
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    ...counted,
    next: more && last ? { at: last.cursorAt, id: last.id } : null,
  };
}
