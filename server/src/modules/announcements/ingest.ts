import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { egressPolicy } from '../../lib/egress/policy.js';
import { DEDUPE_WINDOW_MINUTES, type FeedSource } from '../../../../common/domains/announcements/model.js';
import { parseBse } from './adapters/bse.js';
import type { FeedEntry, ParsedFeed } from './adapters/entry.js';
import { parseNse } from './adapters/nse.js';
import { pendingAttachments, storeAttachments } from './attachments.js';
import { matchCompanies, type CompanyMatch } from './company-match.js';
import { assignGroups, subjectSimilarity, subjectWords, sameDisclosure, type GroupCandidate, type GroupRow } from './dedupe.js';
import { EgressError, FEED_FAILURE, readUrl } from './feed-reader.js';
import { feedForRun, finishRun, startRun, writeRunCounts, type RunCounts } from './feeds-repository.js';

// One run of a feed (docs/announcements.md "Feeds and ingestion"): read, parse, then one
// transaction inserts the new entries in multi-row batches, matches companies, groups
// duplicates and writes the run's counts; attachments follow, each in a short transaction.

/** Entries per INSERT: one statement each, not a round trip per entry. */
export const INSERT_BATCH = 1000;

export interface RunRequest {
  feedId: number;
  trigger: 'schedule' | 'manual';
  createdBy: number | null;
  signal?: AbortSignal;
}

export interface RunOutcome extends RunCounts {
  runId: number;
  error: string | null;
  attachmentsFailed: number;
}

export function parseFeed(source: FeedSource, feed: unknown, attachmentBase: string): ParsedFeed {
  return source === 'BSE' ? parseBse(feed, attachmentBase) : parseNse(feed, attachmentBase);
}

/** The feed's bytes as JSON, or the run's error code. */
function readJson(bytes: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Runs the feed once; null when it no longer exists. */
export async function runFeed(fastify: FastifyInstance, request: RunRequest): Promise<RunOutcome | null> {
  const { db } = fastify;
  const feed = await feedForRun(db, request.feedId);
  if (!feed) return null;
  const runId = await db.transaction((tx) => startRun(tx, feed, request.trigger, request.createdBy));
  const empty: RunCounts = { entries: 0, inserted: 0, known: 0, grouped: 0, unmatched: 0, malformed: 0, problems: [] };
  const policy = egressPolicy(fastify.env);
  const fail = async (error: string, detail: string): Promise<RunOutcome> => {
    // The operator's clue (a host or a path, never a URL's query): the UI shows the code only.
    fastify.log.warn({ feedId: feed.id, runId, reason: error, detail }, 'announcements: feed run failed');
    await finishRun(db, runId, { error });
    return { runId, ...empty, error, attachmentsFailed: 0 };
  };
  try {
    let bytes: Buffer;
    try {
      bytes = await readUrl(feed.url, policy, request.signal ? { signal: request.signal } : {});
    } catch (error) {
      if (error instanceof EgressError) return await fail(FEED_FAILURE[error.failure], error.detail);
      throw error;
    }
    const json = readJson(bytes);
    const parsed = json.ok ? parseFeed(feed.source, json.value, feed.attachmentBase) : json;
    if (!parsed.ok) return await fail('feedNotJson', json.ok ? "not the exchange's shape" : 'not JSON');
    request.signal?.throwIfAborted();
    const counts = await db.transaction(async (tx) => {
      const written = await insertEntries(tx, feed.source, runId, parsed.entries);
      const result: RunCounts = { entries: parsed.total, ...written, malformed: parsed.problems.length, problems: parsed.problems };
      await writeRunCounts(tx, runId, result);
      return result;
    });
    const attachments = await storeAttachments(db, fastify.blobs, await pendingAttachments(db, feed.id), {
      policy,
      allowFile: feed.url.toLowerCase().startsWith('file:'),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const attachmentsFailed = attachments.failed;
    if (attachments.firstProblem) fastify.log.warn({ feedId: feed.id, runId, attachmentsFailed, first: attachments.firstProblem }, 'announcements: attachments not stored');
    await finishRun(db, runId, { error: null, attachmentsFailed });
    return { runId, ...counts, error: null, attachmentsFailed };
  } catch (error) {
    // The database refused, or the server is stopping: the run says so, the job records why.
    await finishRun(db, runId, { error: 'generic' }).catch(() => {});
    throw error;
  }
}

interface Inserted {
  id: number;
  entry: FeedEntry;
  match: CompanyMatch | undefined;
}

/** Inserts what is new, then groups it; the counts of step 3. */
export async function insertEntries(
  tx: Queryable,
  source: FeedSource,
  runId: number | null,
  entries: readonly FeedEntry[],
): Promise<Pick<RunCounts, 'inserted' | 'known' | 'grouped' | 'unmatched'>> {
  const inserted: Inserted[] = [];
  for (let start = 0; start < entries.length; start += INSERT_BATCH) {
    inserted.push(...(await insertBatch(tx, source, runId, entries.slice(start, start + INSERT_BATCH))));
  }
  const grouped = await groupDuplicates(tx, source, inserted);
  return {
    inserted: inserted.length,
    known: entries.length - inserted.length,
    grouped,
    unmatched: inserted.filter((row) => !row.match).length,
  };
}

async function insertBatch(tx: Queryable, source: FeedSource, runId: number | null, batch: readonly FeedEntry[]): Promise<Inserted[]> {
  // Known ids first: a re-run matches no companies and writes nothing.
  const { rows: known } = await tx.query<{ sourceId: string }>(
    'SELECT source_id AS "sourceId" FROM announcements WHERE source = $1 AND source_id = ANY($2::text[])',
    [source, batch.map((entry) => entry.sourceId)],
  );
  const knownIds = new Set(known.map((row) => row.sourceId));
  const fresh = batch.filter((entry) => !knownIds.has(entry.sourceId));
  if (fresh.length === 0) return [];
  const matches = await matchCompanies(tx, source, fresh);
  const rows = fresh.map((entry, i) => {
    const match = matches.get(i);
    return {
      source_id: entry.sourceId,
      company_id: match?.companyId ?? null,
      isin: entry.isin || match?.isin || '',
      scrip_code: entry.scripCode,
      symbol: entry.symbol,
      company_name: entry.companyName,
      exchange_category: entry.exchangeCategory,
      exchange_subcategory: entry.exchangeSubcategory,
      subject: entry.subject,
      summary: entry.summary,
      attachment_url: entry.attachmentUrl,
      critical: entry.critical,
      material: entry.material,
      status: entry.attachmentUrl === '' ? 'needs_review' : 'ingested',
      disseminated_at: entry.disseminatedAt.toISOString(),
      raw: entry.raw,
    };
  });
  const { rows: written } = await tx.query<{ id: number; sourceId: string }>(
    `INSERT INTO announcements (source, source_id, company_id, isin, scrip_code, symbol, company_name, exchange_category, exchange_subcategory,
       subject, summary, attachment_url, critical, material, status, disseminated_at, raw, feed_run_id)
     SELECT $2, e.source_id, e.company_id, e.isin, e.scrip_code, e.symbol, e.company_name, e.exchange_category, e.exchange_subcategory,
       e.subject, e.summary, e.attachment_url, e.critical, e.material, e.status, e.disseminated_at, e.raw, $3
     FROM jsonb_to_recordset($1::jsonb) AS e (source_id text, company_id bigint, isin text, scrip_code text, symbol text, company_name text,
       exchange_category text, exchange_subcategory text, subject text, summary text, attachment_url text, critical boolean,
       material boolean, status text, disseminated_at timestamptz, raw jsonb)
     ON CONFLICT (source, source_id) DO NOTHING
     RETURNING id::int AS id, source_id AS "sourceId"`,
    [JSON.stringify(rows), source, runId],
  );
  const byId = new Map(fresh.map((entry, i) => [entry.sourceId, { entry, match: matches.get(i) }]));
  return written.map((row) => ({ id: row.id, ...(byId.get(row.sourceId) as { entry: FeedEntry; match: CompanyMatch | undefined }) }));
}

interface CandidateRow {
  newId: number;
  id: number;
  subject: string;
  companyName: string;
  codes: string;
  groupId: number | null;
  at: Date | string;
  decided: boolean;
  leadAt: Date | string | null;
}

const time = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/**
 * Groups the new rows with filings of the same company (or ISIN) on the other exchange within
 * the window, whose subjects are close: one statement lists every candidate pair, the grouping
 * is worked out here, one statement writes it. The number of new rows that joined a group.
 */
async function groupDuplicates(tx: Queryable, source: FeedSource, inserted: readonly Inserted[]): Promise<number> {
  const candidates = inserted.filter((row) => row.match || row.entry.isin !== '');
  if (candidates.length === 0) return 0;
  const { rows } = await tx.query<CandidateRow>(
    `WITH n AS (
       SELECT a.id, a.company_id, a.isin, a.disseminated_at FROM announcements a WHERE a.id = ANY($1::bigint[])),
     -- LATERAL: one index probe per new row (announcements_company, announcements_isin_time), whatever the statistics say.
     pairs AS (
       SELECT n.id AS new_id, c.id FROM n CROSS JOIN LATERAL (
         SELECT c.id FROM announcements c WHERE c.company_id = n.company_id
           AND c.disseminated_at BETWEEN n.disseminated_at - make_interval(mins => $3) AND n.disseminated_at + make_interval(mins => $3)) c
       WHERE n.company_id IS NOT NULL
       UNION
       SELECT n.id, c.id FROM n CROSS JOIN LATERAL (
         SELECT c.id FROM announcements c WHERE c.isin = n.isin AND c.isin <> ''
           AND c.disseminated_at BETWEEN n.disseminated_at - make_interval(mins => $3) AND n.disseminated_at + make_interval(mins => $3)) c
       WHERE n.isin <> '')
     SELECT p.new_id::int AS "newId", c.id::int AS id, c.subject, c.company_name AS "companyName",
       c.scrip_code || ' ' || c.symbol AS codes, c.group_id::int AS "groupId", c.disseminated_at AS at,
       coalesce(g.decided, c.status IN ('published', 'retracted')) AS decided, g.lead_at AS "leadAt"
     FROM pairs p JOIN announcements c ON c.id = p.id
     LEFT JOIN LATERAL (
       SELECT bool_or(m.status IN ('published', 'retracted')) AS decided, max(m.disseminated_at) FILTER (WHERE m.id = c.group_id) AS lead_at
       FROM announcements m WHERE c.group_id IS NOT NULL AND m.group_id = c.group_id) g ON true
     WHERE c.source <> $2 AND c.source <> 'manual' AND c.status NOT IN ('suppressed', 'retracted')`,
    [candidates.map((row) => row.id), source, DEDUPE_WINDOW_MINUTES],
  );
  if (rows.length === 0) return 0;
  const newRows: GroupRow[] = [];
  const known = new Map<number, GroupRow>();
  const candidatesOf = new Map<number, GroupCandidate[]>();
  const byId = new Map(inserted.map((row) => [row.id, row]));
  const words = new Map<number, Set<string>>();
  for (const row of rows) {
    const fresh = byId.get(row.newId) as Inserted;
    const own = words.get(fresh.id) ?? words.set(fresh.id, subjectWords(fresh.entry.subject, noiseOf(fresh.entry))).get(fresh.id) as Set<string>;
    const theirs = subjectWords(row.subject, [row.companyName, row.codes, fresh.entry.companyName]);
    if (!sameDisclosure(own, theirs)) continue;
    const list = candidatesOf.get(row.newId) ?? candidatesOf.set(row.newId, []).get(row.newId) as GroupCandidate[];
    list.push({ id: row.id, groupId: row.groupId, disseminatedAt: time(row.at), similarity: subjectSimilarity(own, theirs) });
    if (!byId.has(row.id)) {
      known.set(row.id, { id: row.id, groupId: row.groupId, disseminatedAt: time(row.at), decided: row.decided });
      // The lead itself may lie outside the window: what is needed of it is its time.
      if (row.groupId !== null && row.groupId !== row.id && !known.has(row.groupId) && row.leadAt !== null) {
        known.set(row.groupId, { id: row.groupId, groupId: row.groupId, disseminatedAt: time(row.leadAt), decided: row.decided });
      }
    }
  }
  for (const row of inserted) newRows.push({ id: row.id, groupId: null, disseminatedAt: row.entry.disseminatedAt.getTime() });
  const { changes, grouped } = assignGroups(newRows, candidatesOf, known);
  if (changes.size > 0) {
    // A lead that lost its place (an earlier filing came in): its whole group follows the new one.
    const releads = [...known.values()].filter((row) => row.groupId === row.id && changes.has(row.id) && changes.get(row.id) !== row.id);
    if (releads.length > 0) {
      await tx.query('UPDATE announcements a SET group_id = r.lead FROM unnest($1::bigint[], $2::bigint[]) AS r (old, lead) WHERE a.group_id = r.old', [
        releads.map((row) => row.id),
        releads.map((row) => changes.get(row.id)),
      ]);
    }
    const moved = [...changes.entries()];
    await tx.query('UPDATE announcements a SET group_id = u.lead FROM unnest($1::bigint[], $2::bigint[]) AS u (id, lead) WHERE a.id = u.id', [
      moved.map(([id]) => id),
      moved.map(([, lead]) => lead),
    ]);
  }
  return grouped;
}

function noiseOf(entry: FeedEntry): string[] {
  return [entry.companyName, entry.scripCode, entry.symbol];
}
