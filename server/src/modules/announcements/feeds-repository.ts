import type { Queryable } from '../../db/index.js';
import { containsPattern, isoOf, orderBy } from '../../lib/paging.js';
import type { FeedAnswer, FeedInput, FeedProblem, FeedRunAnswer, FeedSource } from '../../../../common/domains/announcements/model.js';

// SQL of announcement_feeds and announcement_feed_runs (migration 017).

const iso = (value: unknown) => (value === null || value === undefined ? null : isoOf(value));
const user = (id: number | null, name: string | null) => (id === null ? null : { id, username: name ?? '' });

/** A run as read: the answer's fields, with times as the driver gives them and the starter in two columns. */
interface RunRow extends Omit<FeedRunAnswer, 'startedAt' | 'finishedAt' | 'createdBy'> {
  startedAt: Date;
  finishedAt: Date | null;
  createdById: number | null;
  createdByName: string | null;
}

const RUN_COLUMNS = `r.id::int AS id, r.feed_id::int AS "feedId", f.name AS "feedName", r.source, r.trigger, r.status,
  r.started_at AS "startedAt", r.finished_at AS "finishedAt", r.entries, r.inserted, r.known, r.grouped, r.unmatched,
  r.malformed, r.attachments_failed AS "attachmentsFailed", r.problems, r.error,
  r.created_by::int AS "createdById", ru.username AS "createdByName"`;
// A run with its starter; RUN_FROM adds its feed (for `feedName`). A feed's own last run reads
// RUN_WITH_USER inside the feed's query, so `f` there is that feed (another join of
// announcement_feeds as `f` would hide it and give every feed the newest run of all).
const RUN_WITH_USER = `FROM announcement_feed_runs r LEFT JOIN users ru ON ru.id = r.created_by`;
const RUN_FROM = `${RUN_WITH_USER} LEFT JOIN announcement_feeds f ON f.id = r.feed_id`;

function runAnswer(row: RunRow): FeedRunAnswer {
  const { createdById, createdByName, ...rest } = row;
  return {
    ...rest,
    problems: typeof row.problems === 'string' ? (JSON.parse(row.problems) as FeedProblem[]) : row.problems,
    startedAt: isoOf(row.startedAt),
    finishedAt: iso(row.finishedAt),
    createdBy: user(createdById, createdByName),
  };
}

const FEED_SELECT = `SELECT f.id::int AS id, f.source, f.name, f.url, f.attachment_base AS "attachmentBase", f.cron, f.timezone, f.enabled,
    f.last_run_at AS "lastRunAt", f.next_run_at AS "nextRunAt", f.created_by::int AS "createdById", fu.username AS "createdByName",
    f.version, f.created_at AS "createdAt", f.updated_at AS "updatedAt", last.run AS "lastRun"
  FROM announcement_feeds f
  LEFT JOIN users fu ON fu.id = f.created_by
  LEFT JOIN LATERAL (SELECT to_jsonb(x) AS run FROM (SELECT ${RUN_COLUMNS} ${RUN_WITH_USER} WHERE r.feed_id = f.id ORDER BY r.started_at DESC, r.id DESC LIMIT 1) x) last ON true`;

interface FeedRow extends Omit<FeedAnswer, 'createdBy' | 'lastRun'> {
  createdById: number | null;
  createdByName: string | null;
  lastRun: RunRow | null;
}

function feedAnswer(row: FeedRow): FeedAnswer {
  const { createdById, createdByName, lastRun, ...rest } = row;
  return {
    ...rest,
    lastRunAt: iso(row.lastRunAt),
    nextRunAt: row.enabled ? iso(row.nextRunAt) : null,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    createdBy: user(createdById, createdByName),
    lastRun: lastRun ? runAnswer(lastRun) : null,
  };
}

/** The generic list's parameters (README "Adding a resource"): search, filters, order and page. */
export interface FeedListQuery {
  q?: string | undefined;
  /** `BSE,NSE`: a multiSelect. */
  source?: string | undefined;
  enabled?: boolean | undefined;
  sort?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Columns the list may sort by (API field → SQL); nothing from the request reaches the SQL otherwise. */
const FEED_SORTS: Record<string, string> = {
  name: 'lower(f.name)',
  source: 'f.source',
  enabled: 'f.enabled',
  cron: 'f.cron',
  lastRunAt: 'f.last_run_at',
  nextRunAt: 'f.next_run_at',
  createdAt: 'f.created_at',
};

/** Feeds by name (or the asked order), filtered and paged; without `limit` every one, as the list always answered. */
export async function listFeeds(q: Queryable, query: FeedListQuery = {}): Promise<{ rows: FeedAnswer[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const pattern = containsPattern(query.q);
  if (pattern) {
    params.push(pattern);
    where.push(`(f.name ILIKE $${params.length} OR f.url ILIKE $${params.length})`);
  }
  const sources = (query.source ?? '').split(',').map((source) => source.trim()).filter(Boolean);
  if (sources.length > 0) {
    params.push(sources);
    where.push(`f.source = ANY($${params.length}::text[])`);
  }
  if (query.enabled !== undefined) {
    params.push(query.enabled);
    where.push(`f.enabled = $${params.length}`);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const order = orderBy(query.sort, FEED_SORTS, 'lower(f.name) ASC', 'f.id');
  const page = query.limit === undefined ? '' : `LIMIT ${Math.trunc(query.limit)} OFFSET ${Math.trunc(query.offset ?? 0)}`;
  const { rows } = await q.query<FeedRow>(`${FEED_SELECT} ${filter} ORDER BY ${order} ${page}`, params);
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM announcement_feeds f ${filter}`, params);
  return { rows: rows.map(feedAnswer), total: count.rows[0]?.n ?? 0 };
}

export async function findFeed(q: Queryable, id: number, options: { lock?: boolean } = {}): Promise<FeedAnswer | null> {
  if (options.lock) await q.query('SELECT 1 FROM announcement_feeds WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await q.query<FeedRow>(`${FEED_SELECT} WHERE f.id = $1`, [id]);
  return rows[0] ? feedAnswer(rows[0]) : null;
}

export async function insertFeed(q: Queryable, feed: FeedInput, nextRunAt: Date | null, userId: string | null): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO announcement_feeds (source, name, url, attachment_base, cron, timezone, enabled, next_run_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::int AS id`,
    [feed.source, feed.name, feed.url, feed.attachmentBase, feed.cron, feed.timezone, feed.enabled, nextRunAt?.toISOString() ?? null, userId],
  );
  return (rows[0] as { id: number }).id;
}

export async function updateFeed(q: Queryable, id: number, feed: FeedInput, nextRunAt: Date | null): Promise<void> {
  await q.query(
    `UPDATE announcement_feeds SET source = $2, name = $3, url = $4, attachment_base = $5, cron = $6, timezone = $7, enabled = $8,
       next_run_at = $9 WHERE id = $1`,
    [id, feed.source, feed.name, feed.url, feed.attachmentBase, feed.cron, feed.timezone, feed.enabled, nextRunAt?.toISOString() ?? null],
  );
}

export async function deleteFeed(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM announcement_feeds WHERE id = $1', [id]);
}

export async function listRuns(q: Queryable, feedId: number | undefined, limit: number, offset: number): Promise<{ rows: FeedRunAnswer[]; total: number }> {
  const where = feedId === undefined ? '' : 'WHERE r.feed_id = $3';
  const params = feedId === undefined ? [limit, offset] : [limit, offset, feedId];
  const { rows } = await q.query<RunRow>(`SELECT ${RUN_COLUMNS} ${RUN_FROM} ${where} ORDER BY r.started_at DESC, r.id DESC LIMIT $1 OFFSET $2`, params);
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM announcement_feed_runs r ${where.replace('$3', '$1')}`, feedId === undefined ? [] : [feedId]);
  return { rows: rows.map(runAnswer), total: count.rows[0]?.n ?? 0 };
}

export async function findRun(q: Queryable, id: number): Promise<FeedRunAnswer | null> {
  const { rows } = await q.query<RunRow>(`SELECT ${RUN_COLUMNS} ${RUN_FROM} WHERE r.id = $1`, [id]);
  return rows[0] ? runAnswer(rows[0]) : null;
}

/** Whether a job of `queue` for this feed is queued or running (one run per feed at a time). */
export async function feedJobActive(q: Queryable, queue: string, feedId: number): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM jobs WHERE queue = $1 AND status IN ('queued', 'running') AND data->>'feedId' = $2 LIMIT 1`, [queue, String(feedId)]);
  return rows.length > 0;
}

/** Enabled feeds due at `now`, locked (others' ticks skip them) for this transaction. */
export async function lockDueFeeds(q: Queryable, now: Date): Promise<Array<{ id: number; cron: string; timezone: string }>> {
  const { rows } = await q.query<{ id: number; cron: string; timezone: string }>(
    `SELECT id::int AS id, cron, timezone FROM announcement_feeds WHERE enabled AND next_run_at <= $1 ORDER BY next_run_at, id FOR UPDATE SKIP LOCKED`,
    [now.toISOString()],
  );
  return rows;
}

export async function setNextRun(q: Queryable, id: number, next: Date | null): Promise<void> {
  await q.query('UPDATE announcement_feeds SET next_run_at = $2 WHERE id = $1', [id, next?.toISOString() ?? null]);
}

/** The feed as a run reads it. */
export async function feedForRun(q: Queryable, id: number): Promise<{ id: number; source: FeedSource; url: string; attachmentBase: string } | null> {
  const { rows } = await q.query<{ id: number; source: FeedSource; url: string; attachmentBase: string }>(
    'SELECT id::int AS id, source, url, attachment_base AS "attachmentBase" FROM announcement_feeds WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** What one run counted, as its answer names the counts. */
export type RunCounts = Pick<FeedRunAnswer, 'entries' | 'inserted' | 'known' | 'grouped' | 'unmatched' | 'malformed' | 'problems'>;

/** A run starts: its row (runs of the feed left `running` by a stopped server are failed first). */
export async function startRun(q: Queryable, feed: { id: number; source: FeedSource }, trigger: 'schedule' | 'manual', createdBy: number | null): Promise<number> {
  await q.query(
    `UPDATE announcement_feed_runs SET status = 'failed', error = 'generic', finished_at = now() WHERE feed_id = $1 AND status = 'running'`,
    [feed.id],
  );
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO announcement_feed_runs (feed_id, source, trigger, created_by) VALUES ($1, $2, $3, $4) RETURNING id::int AS id`,
    [feed.id, feed.source, trigger, createdBy],
  );
  await q.query('UPDATE announcement_feeds SET last_run_at = now() WHERE id = $1', [feed.id]);
  return (rows[0] as { id: number }).id;
}

export async function writeRunCounts(q: Queryable, runId: number, counts: RunCounts): Promise<void> {
  await q.query(
    `UPDATE announcement_feed_runs SET entries = $2, inserted = $3, known = $4, grouped = $5, unmatched = $6, malformed = $7, problems = $8::jsonb
     WHERE id = $1`,
    [runId, counts.entries, counts.inserted, counts.known, counts.grouped, counts.unmatched, counts.malformed, JSON.stringify(counts.problems.slice(0, 100))],
  );
}

export async function finishRun(q: Queryable, runId: number, outcome: { error: string | null; attachmentsFailed?: number }): Promise<void> {
  await q.query(
    `UPDATE announcement_feed_runs SET status = $2, error = $3, attachments_failed = attachments_failed + $4, finished_at = now() WHERE id = $1`,
    [runId, outcome.error ? 'failed' : 'succeeded', outcome.error, outcome.attachmentsFailed ?? 0],
  );
}
