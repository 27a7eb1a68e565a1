import type { Queryable } from '../../db/index.js';

// The `jobs` table (migration 015): what people see of a job across its attempts. Every write
// of an attempt names the attempt (`attempts` as it started), so an attempt that lost its job
// (cancelled, or expired and taken over by another worker) changes nothing any more.

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export type JobOrigin = 'user' | 'rule' | 'schedule' | 'system';
export type JsonObject = { [key: string]: unknown };

export interface JobRow {
  id: string;
  queue: string;
  status: JobStatus;
  progress: number;
  data: JsonObject;
  result: JsonObject | null;
  error: string | null;
  attempts: number;
  bossId: string;
  singletonKey: string | null;
  origin: JobOrigin;
  /** A user id, as text (bigint). */
  createdBy: string | null;
  ruleId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
}

/** What a change notice carries (the trigger's NOTIFY payload, or the service's own event on PGlite). */
export interface JobChange {
  id: string;
  queue: string;
  status: JobStatus;
  progress: number;
}

export const ERROR_MAX = 2000;

const COLUMNS = `id::text AS id, queue, status, progress, data, result, error, attempts, boss_id::text AS "bossId",
  singleton_key AS "singletonKey", origin, created_by::text AS "createdBy", rule_id AS "ruleId",
  created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt", updated_at AS "updatedAt"`;
const CHANGE = 'id::text AS id, queue, status, progress';

export interface NewJob {
  id: string;
  queue: string;
  data: JsonObject;
  singletonKey: string | null;
  origin: JobOrigin;
  createdBy: string | number | null;
  ruleId: string | null;
}

export function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > ERROR_MAX ? `${message.slice(0, ERROR_MAX - 1)}…` : message;
}

/** Inserts the row, or returns null when the queue already has a job with this singleton key. */
export async function insertJob(q: Queryable, job: NewJob, status: JobStatus = 'queued'): Promise<JobChange | null> {
  const { rows } = await q.query<JobChange>(
    `INSERT INTO jobs (id, queue, data, boss_id, singleton_key, origin, created_by, rule_id, status, attempts, started_at)
     VALUES ($1, $2, $3::jsonb, $1, $4, $5, $6, $7, $8, CASE WHEN $8 = 'running' THEN 1 ELSE 0 END, CASE WHEN $8 = 'running' THEN now() END)
     ON CONFLICT (queue, singleton_key) WHERE singleton_key IS NOT NULL DO NOTHING
     RETURNING ${CHANGE}`,
    [job.id, job.queue, JSON.stringify(job.data), job.singletonKey, job.origin, job.createdBy, job.ruleId, status],
  );
  return rows[0] ?? null;
}

export async function jobIdBySingletonKey(q: Queryable, queue: string, key: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('SELECT id::text AS id FROM jobs WHERE queue = $1 AND singleton_key = $2', [queue, key]);
  return rows[0]?.id ?? null;
}

export async function getJob(q: Queryable, id: string): Promise<JobRow | null> {
  const { rows } = await q.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function jobByBossId(q: Queryable, bossId: string): Promise<{ id: string; status: JobStatus } | null> {
  const { rows } = await q.query<{ id: string; status: JobStatus }>('SELECT id::text AS id, status FROM jobs WHERE boss_id = $1', [bossId]);
  return rows[0] ?? null;
}

/** The attempt that pg-boss handed out starts: returns its number, or null when the row is finished. */
export async function startAttempt(q: Queryable, bossId: string): Promise<(JobChange & { attempt: number; data: JsonObject }) | null> {
  const { rows } = await q.query<JobChange & { attempt: number; data: JsonObject }>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, progress = 0, error = NULL,
       started_at = now(), finished_at = NULL, updated_at = now()
     WHERE boss_id = $1 AND status IN ('queued', 'running')
     RETURNING ${CHANGE}, attempts AS attempt, data`,
    [bossId],
  );
  return rows[0] ?? null;
}

/** Progress of a running attempt; never backwards. False when the attempt no longer owns the row. */
export async function writeProgress(q: Queryable, id: string, attempt: number, percent: number): Promise<JobChange | null> {
  const { rows } = await q.query<JobChange>(
    `UPDATE jobs SET progress = GREATEST(progress, $3::smallint), updated_at = now()
     WHERE id = $1 AND attempts = $2 AND status = 'running'
     RETURNING ${CHANGE}`,
    [id, attempt, percent],
  );
  return rows[0] ?? null;
}

export async function markSucceeded(q: Queryable, id: string, attempt: number, result: JsonObject): Promise<JobChange | null> {
  const { rows } = await q.query<JobChange>(
    `UPDATE jobs SET status = 'succeeded', progress = 100, result = $3::jsonb, error = NULL, finished_at = now(), updated_at = now()
     WHERE id = $1 AND attempts = $2 AND status = 'running'
     RETURNING ${CHANGE}`,
    [id, attempt, JSON.stringify(result)],
  );
  return rows[0] ?? null;
}

/** A failed attempt: back to queued while pg-boss will retry it, failed after the last. */
export async function markAttemptFailed(q: Queryable, id: string, attempt: number, error: string, final: boolean): Promise<JobChange | null> {
  const { rows } = await q.query<JobChange>(
    `UPDATE jobs SET status = CASE WHEN $4 THEN 'failed' ELSE 'queued' END, error = $3,
       finished_at = CASE WHEN $4 THEN now() END, updated_at = now()
     WHERE id = $1 AND attempts = $2 AND status = 'running'
     RETURNING ${CHANGE}`,
    [id, attempt, error, final],
  );
  return rows[0] ?? null;
}

/** Cancels a queued or running job; returns it (with its pg-boss job) or null when it had finished. */
export async function markCancelled(q: Queryable, id: string): Promise<(JobChange & { bossId: string }) | null> {
  const { rows } = await q.query<JobChange & { bossId: string }>(
    `UPDATE jobs SET status = 'cancelled', finished_at = now(), updated_at = now()
     WHERE id = $1 AND status IN ('queued', 'running')
     RETURNING ${CHANGE}, boss_id::text AS "bossId"`,
    [id],
  );
  return rows[0] ?? null;
}

/** A failed or cancelled job queued again under a new pg-boss job. */
export async function requeue(q: Queryable, id: string, bossId: string): Promise<(JobChange & { data: JsonObject }) | null> {
  const { rows } = await q.query<JobChange & { data: JsonObject }>(
    `UPDATE jobs SET status = 'queued', progress = 0, error = NULL, result = NULL, boss_id = $2,
       started_at = NULL, finished_at = NULL, updated_at = now()
     WHERE id = $1 AND status IN ('failed', 'cancelled')
     RETURNING ${CHANGE}, data`,
    [id, bossId],
  );
  return rows[0] ?? null;
}

/** Of these attempts, the ones that no longer own their row (cancelled, finished, or taken over). */
export async function lostAttempts(q: Queryable, attempts: ReadonlyArray<{ id: string; attempt: number }>): Promise<string[]> {
  if (attempts.length === 0) return [];
  const { rows } = await q.query<{ id: string; status: JobStatus; attempts: number }>(
    'SELECT id::text AS id, status, attempts FROM jobs WHERE id = ANY($1::uuid[])',
    [attempts.map((item) => item.id)],
  );
  const owned = new Set(rows.filter((row) => row.status === 'running').map((row) => `${row.id}/${row.attempts}`));
  return attempts.filter((item) => !owned.has(`${item.id}/${item.attempt}`)).map((item) => item.id);
}

/**
 * Jobs whose pg-boss job failed for good without an attempt of ours saying so (its worker died,
 * or ran past its expiry, on its last attempt: pg-boss's maintenance failed it) are marked failed.
 */
export async function failOrphans(q: Queryable, bossSchema: string): Promise<JobChange[]> {
  const { rows } = await q.query<JobChange>(
    `UPDATE jobs j SET status = 'failed', finished_at = now(), updated_at = now(),
       error = COALESCE(b.output->>'message', b.output->'value'->>'message', 'the job stopped without finishing')
     FROM ${bossSchema}.job b
     WHERE b.id = j.boss_id AND b.name = j.queue AND b.state = 'failed' AND j.status IN ('queued', 'running')
     RETURNING j.id::text AS id, j.queue, j.status, j.progress`,
    [],
  );
  return rows;
}
