import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Db, Queryable } from '../../db/index.js';
import { bossDbIn, bossDbOn, type ClosableBossDb } from './boss-db.js';
import { createJobEvents, type JobEvents } from './job-events.js';
import {
  failOrphans,
  getJob,
  insertJob,
  jobByBossId,
  jobIdBySingletonKey,
  lostAttempts,
  markAttemptFailed,
  markCancelled,
  markSucceeded,
  requeue,
  shortError,
  startAttempt,
  writeProgress,
  type JobChange,
  type JobOrigin,
  type JobRow,
  type JsonObject,
} from './jobs-repository.js';
import { progressThrottle } from './progress-throttle.js';

// The job queue (README "Jobs"): pg-boss 10 stores, retries (with backoff), expires, schedules
// (cron) and dead-letters the jobs; our `jobs` table holds what people see (status, progress,
// result, error, who made it). pg-boss's own work() loop is not used: it completes and fails
// jobs without awaiting, outside any transaction of ours. Here each queue's loop fetches from
// pg-boss, and an attempt's outcome (its files, our row, pg-boss's job) commits in one transaction.

export const BOSS_SCHEMA = 'pgboss';

// Instances of a deployment set up pg-boss one at a time (see serialized() below).
const SETUP_LOCK = 7_263_548_005;

export interface QueueOptions {
  /** Retries after the first attempt; pg-boss's default is 2. */
  retryLimit?: number;
  /** Seconds before a retry; with retryBackoff, the base of an exponential, jittered delay. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An attempt is aborted (and pg-boss's maintenance fails it, if its worker died) after this long. */
  expireInSeconds?: number;
}

export interface SendOptions extends QueueOptions {
  /** At most one job per queue and key, ever (the second send returns the first job, created: false). */
  singletonKey?: string;
  /** Seconds from now, or a time. */
  startAfter?: number | Date;
  priority?: number;
  origin?: JobOrigin;
  createdBy?: string | number | null;
  ruleId?: string | null;
  /** Send within the caller's transaction (required inside one on PGlite: it holds the only connection). */
  tx?: Queryable;
}

export interface WorkOptions {
  /** Attempts of this queue running at once in this instance. */
  concurrency?: number;
}

export interface RunningJob<D extends JsonObject = JsonObject> {
  id: string;
  queue: string;
  data: D;
  /** 1 for the first attempt. */
  attempt: number;
  /** pg-boss's retries so far, and how many it allows. */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the job is cancelled, runs past its expiry, or the server stops: end the work. */
  signal: AbortSignal;
  /** A fraction 0..1; written throttled (README "Jobs"). */
  progress(fraction: number): void;
}

/** What a handler made. `commit` runs in the transaction that marks the job succeeded (store files there). */
export interface JobSuccess {
  result?: JsonObject;
  commit?(tx: Queryable): Promise<JsonObject | void>;
  /** Called when that transaction did not commit (the job was cancelled meanwhile): drop what the handler made. */
  abandon?(): Promise<void>;
}

export type JobHandler<D extends JsonObject = JsonObject> = (job: RunningJob<D>) => Promise<JobSuccess | void>;

/** A failure that retrying cannot cure (bad input): the job fails at once, into the dead-letter queue. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export type AbortCause = 'cancelled' | 'shutdown' | 'timeout' | 'lost';

const ABORT_MESSAGES: Record<AbortCause, string> = {
  cancelled: 'the job was cancelled',
  shutdown: 'interrupted by a server shutdown',
  timeout: 'the attempt ran past its time limit',
  lost: 'the attempt lost its job (cancelled, or taken over after it expired)',
};

/** The reason an attempt's signal was aborted with. */
export class JobAbortedError extends Error {
  constructor(readonly kind: AbortCause) {
    super(ABORT_MESSAGES[kind]);
    this.name = 'JobAbortedError';
  }
}

export interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobQueueOptions {
  db: Db;
  /** On PostgreSQL: pg-boss gets a pool of its own on this URL, and LISTEN a connection. */
  postgresUrl?: string;
  log: Logger;
  /** How often an idle queue asks for work; a job sent by this instance (or, on PostgreSQL, any) wakes it at once. */
  pollSeconds?: number;
  /** pg-boss's maintenance (expiring attempts whose worker died, archiving) and our reconciliation. */
  maintenanceSeconds?: number;
  /** How often pg-boss checks cron schedules (at most 45) and its cron worker polls. */
  cronMonitorSeconds?: number;
  cronWorkerSeconds?: number;
  /** How long stop() lets attempts finish before aborting them. */
  stopGraceMs?: number;
  /** How often running attempts check that their job was not cancelled elsewhere. */
  watchMs?: number;
}

export interface JobQueue {
  /** Creates (or updates) the queue and its dead-letter queue. Before send, work or schedule. */
  define(queue: string, options?: QueueOptions): Promise<void>;
  send(queue: string, data: JsonObject, options?: SendOptions): Promise<{ id: string; created: boolean }>;
  work<D extends JsonObject>(queue: string, handler: JobHandler<D>, options?: WorkOptions): void;
  /** Cancels a queued or running job (a running attempt is aborted); false when it had finished. */
  cancel(id: string, options?: { tx?: Queryable }): Promise<boolean>;
  /** Queues a failed or cancelled job again; false when it is not one. */
  retry(id: string): Promise<boolean>;
  get(id: string): Promise<JobRow | null>;
  /** One cron schedule per queue (pg-boss 10): its jobs are sent with `data`. */
  schedule(queue: string, cron: string, data?: JsonObject, options?: { tz?: string }): Promise<void>;
  unschedule(queue: string): Promise<void>;
  schedules(): Promise<Array<{ name: string; cron: string; timezone: string; data: JsonObject | null }>>;
  /** The jobs that failed for good, as pg-boss copied them into the queue's dead-letter queue. */
  deadLetters(queue: string): Promise<Array<{ id: string; data: JsonObject; output: JsonObject | null; createdOn: Date }>>;
  /** pg-boss's maintenance now (expire, archive), then our reconciliation; normally on a timer. */
  maintain(): Promise<void>;
  readonly events: JobEvents;
  /** Stops fetching, lets running attempts finish for stopGraceMs, aborts the rest (pg-boss retries them). */
  stop(): Promise<void>;
}

export function deadLetterQueue(queue: string): string {
  return `${queue}.dead`;
}

interface CommandResult {
  affected: number;
}

interface Attempt {
  id: string;
  attempt: number;
  controller: AbortController;
}

interface Runner {
  queue: string;
  handler: JobHandler<JsonObject>;
  concurrency: number;
  /** Attempts under way, by pg-boss job id. */
  active: Map<string, Promise<void>>;
  stopped: boolean;
  woken: boolean;
  wakeNow: (() => void) | null;
  loop: Promise<void>;
}

/** One attempt, as its outcome is recorded. */
interface AttemptAt {
  queue: string;
  job: PgBoss.JobWithMetadata<JsonObject>;
  started: { id: string; attempt: number };
  signal: AbortSignal;
}

class LostAttemptError extends Error {}

async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function sendOptions(options: QueueOptions & { startAfter?: number | Date; priority?: number }): PgBoss.SendOptions {
  // pg-boss asserts the type of every key present, undefined included.
  const picked: Record<string, unknown> = {};
  for (const key of ['retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds', 'startAfter', 'priority'] as const) {
    if (options[key] !== undefined) picked[key] = options[key];
  }
  return picked as PgBoss.SendOptions;
}

export async function createJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { db, log } = options;
  const pollMs = Math.max(0.5, options.pollSeconds ?? 2) * 1000;
  const maintenanceSeconds = options.maintenanceSeconds ?? 60;
  // Within server.ts's 10 s shutdown: time left to abort the rest and record it.
  const stopGraceMs = options.stopGraceMs ?? 5000;
  const watchMs = options.watchMs ?? 1000;

  let bossBackend: Db = db;
  if (options.postgresUrl) {
    const { openPostgres } = await import('../../db/postgres.js');
    bossBackend = await openPostgres(options.postgresUrl, (error) => log.warn({ err: error }, 'idle job queue connection failed'));
  }
  const adapter: ClosableBossDb = bossDbOn(bossBackend);
  const boss = new PgBoss({
    db: adapter,
    schema: BOSS_SCHEMA,
    maintenanceIntervalSeconds: maintenanceSeconds,
    cronMonitorIntervalSeconds: options.cronMonitorSeconds ?? 30,
    cronWorkerIntervalSeconds: options.cronWorkerSeconds ?? 5,
  });
  // An 'error' event without a listener would throw.
  boss.on('error', (error) => log.error({ err: error }, 'job queue (pg-boss) error'));
  const events = await createJobEvents({ postgresUrl: options.postgresUrl, onError: (error) => log.warn({ err: error }, 'jobs LISTEN connection lost') });
  /**
   * pg-boss's set-up, one instance at a time on PostgreSQL. Two create_queue() calls at once
   * deadlock (each inserts its queue row, then adds a foreign key to the queue table), and
   * pg-boss's start creates its schema and its own queue. A transaction on the app's pool holds
   * the lock while pg-boss works on its own pool: its own locked blocks take another key, so
   * they never wait for this one. PGlite is one process: nothing to serialize.
   */
  async function serialized<T>(work: () => Promise<T>): Promise<T> {
    if (db.kind !== 'postgres') return work();
    return db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [SETUP_LOCK]);
      return work();
    });
  }

  try {
    await serialized(() => boss.start());
  } catch (error) {
    await events.close();
    if (bossBackend !== db) await bossBackend.close();
    throw error;
  }

  const defined = new Map<string, QueueOptions>();
  const runners = new Map<string, Runner>();
  const inFlight = new Map<string, Attempt>();
  let stopping = false;

  const unsubscribeWake = events.onChange((change) => {
    if (change.status === 'queued') wake(runners.get(change.queue));
  });

  function wake(runner: Runner | undefined): void {
    if (!runner) return;
    runner.woken = true;
    runner.wakeNow?.();
  }

  function sleep(runner: Runner, ms: number): Promise<void> {
    if (runner.woken || runner.stopped) {
      runner.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        runner.wakeNow = null;
        runner.woken = false;
        resolve();
      }
      runner.wakeNow = done;
    });
  }

  async function loop(runner: Runner): Promise<void> {
    while (!runner.stopped) {
      const free = runner.concurrency - runner.active.size;
      let fetched = 0;
      if (free > 0) {
        // pg-boss's fetch answers [] on a database error (it logs nothing): the next poll retries.
        const jobs = await boss.fetch<JsonObject>(runner.queue, { batchSize: free, includeMetadata: true });
        fetched = jobs.length;
        for (const job of jobs) begin(runner, job);
      }
      if (fetched > 0 && fetched < free) continue;
      await sleep(runner, pollMs);
    }
  }

  function begin(runner: Runner, job: PgBoss.JobWithMetadata<JsonObject>): void {
    const done = runAttempt(runner, job)
      .catch((error: unknown) => log.error({ err: error, queue: runner.queue, bossId: job.id }, 'job attempt could not be recorded'))
      .finally(() => {
        runner.active.delete(job.id);
        wake(runner);
      });
    runner.active.set(job.id, done);
  }

  /** Our row for the attempt pg-boss handed out, or null when there is nothing to run. */
  async function claim(queue: string, job: PgBoss.JobWithMetadata<JsonObject>): Promise<(JobChange & { attempt: number; data: JsonObject }) | null> {
    const started = await startAttempt(db, job.id);
    if (started) return started;
    if (!(await jobByBossId(db, job.id))) {
      // Not sent through send(): a cron schedule's job. Its row starts now.
      const data = job.data ?? {};
      const row = await insertJob(
        db,
        {
          id: job.id,
          queue,
          data,
          singletonKey: job.singletonKey ?? null,
          origin: 'schedule',
          createdBy: null,
          ruleId: typeof data.ruleId === 'string' ? data.ruleId : null,
        },
        'running',
      );
      if (row) return { ...row, attempt: 1, data };
    }
    // The row finished (cancelled, or a duplicate of a singleton key): nothing left for pg-boss to run.
    await boss.cancel(queue, job.id);
    return null;
  }

  async function runAttempt(runner: Runner, job: PgBoss.JobWithMetadata<JsonObject>): Promise<void> {
    const { queue } = runner;
    const started = await claim(queue, job);
    if (!started) return;
    events.committed([started]);
    const { id, attempt } = started;
    const controller = new AbortController();
    inFlight.set(id, { id, attempt, controller });
    const at: AttemptAt = { queue, job, started, signal: controller.signal };
    const expireMs = Number(job.expireInSeconds) * 1000;
    // Ahead of pg-boss's expiry, which would hand the job to another worker.
    const timer = setTimeout(() => controller.abort(new JobAbortedError('timeout')), Math.max(1000, expireMs - Math.min(5000, expireMs / 10)));
    const throttle = progressThrottle({
      write: async (percent) => events.committed([await writeProgress(db, id, attempt, percent)]),
    });
    try {
      let outcome: JobSuccess;
      try {
        outcome =
          (await runner.handler({
            id,
            queue,
            data: started.data,
            attempt,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            signal: controller.signal,
            progress: (fraction) => throttle.report(fraction),
          })) ?? {};
      } catch (error) {
        await throttle.settled();
        await recordFailure(at, error);
        return;
      }
      await throttle.settled();
      await recordSuccess(at, outcome);
    } finally {
      clearTimeout(timer);
      inFlight.delete(id);
    }
  }

  async function recordSuccess(at: AttemptAt, outcome: JobSuccess): Promise<void> {
    const { queue, job, started } = at;
    let change: JobChange;
    try {
      change = await db.transaction(async (tx) => {
        const made = (await outcome.commit?.(tx)) ?? {};
        const marked = await markSucceeded(tx, started.id, started.attempt, { ...outcome.result, ...made });
        if (!marked) throw new LostAttemptError();
        const bossDb = bossDbIn(tx);
        const completed = (await boss.complete(queue, job.id, { jobId: started.id }, { db: bossDb })) as unknown as CommandResult;
        // Expired meanwhile and waiting for a retry: this attempt did the work, no other is needed.
        if (completed.affected === 0) await boss.cancel(queue, job.id, { db: bossDb });
        return marked;
      });
    } catch (error) {
      await outcome.abandon?.().catch((cleanup: unknown) => log.warn({ err: cleanup, jobId: started.id }, 'job output could not be dropped'));
      if (error instanceof LostAttemptError) {
        log.info({ jobId: started.id, queue }, 'job finished after it was cancelled or taken over; its output was dropped');
        return;
      }
      await recordFailure(at, error);
      return;
    }
    events.committed([change]);
  }

  async function recordFailure(at: AttemptAt, error: unknown): Promise<void> {
    const { queue, job, started, signal } = at;
    const cause = signal.aborted && signal.reason instanceof JobAbortedError ? signal.reason : null;
    // Cancelled or taken over: the row already says what happened, and is not this attempt's any more.
    if (cause?.kind === 'cancelled' || cause?.kind === 'lost') return;
    const permanent = error instanceof PermanentJobError;
    const final = permanent || job.retryCount >= job.retryLimit;
    const message = shortError(cause ?? error);
    if (!cause) log.warn({ err: error, jobId: started.id, queue, attempt: started.attempt, final }, 'job attempt failed');
    const change = await db.transaction(async (tx) => {
      const marked = await markAttemptFailed(tx, started.id, started.attempt, message, final);
      if (!marked) return null;
      // pg-boss retries while retry_count < retry_limit: a permanent failure ends that here.
      if (permanent) await tx.query(`UPDATE ${BOSS_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [queue, job.id]);
      await boss.fail(queue, job.id, { message }, { db: bossDbIn(tx) });
      return marked;
    });
    events.committed([change]);
  }

  // Cancellations made by other instances (or in a caller's transaction) reach running attempts here.
  let watching = false;
  const watchdog = setInterval(() => {
    if (watching || inFlight.size === 0) return;
    watching = true;
    const attempts = [...inFlight.values()];
    lostAttempts(db, attempts)
      .then(async (lost) => {
        for (const id of lost) {
          const row = await getJob(db, id);
          inFlight.get(id)?.controller.abort(new JobAbortedError(row?.status === 'cancelled' ? 'cancelled' : 'lost'));
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, 'running jobs could not be checked'))
      .finally(() => {
        watching = false;
      });
  }, watchMs).unref();

  async function reconcile(): Promise<void> {
    events.committed(await failOrphans(db, BOSS_SCHEMA));
  }
  let reconciling: Promise<void> | null = null;
  const reconcileTimer = setInterval(() => {
    reconciling ??= reconcile()
      .catch((error: unknown) => log.warn({ err: error }, 'jobs could not be reconciled with pg-boss'))
      .finally(() => {
        reconciling = null;
      });
  }, maintenanceSeconds * 1000).unref();

  function assertDefined(queue: string): QueueOptions {
    const queueOptions = defined.get(queue);
    if (!queueOptions) throw new Error(`jobs: queue "${queue}" is not defined in this instance (call define first)`);
    return queueOptions;
  }

  const service: JobQueue = {
    events,

    async define(queue, queueOptions = {}) {
      const dead = deadLetterQueue(queue);
      const settings = sendOptions(queueOptions) as PgBoss.Queue;
      await serialized(async () => {
        await boss.createQueue(dead, { name: dead });
        await boss.createQueue(queue, { ...settings, name: queue, deadLetter: dead });
        // createQueue keeps an existing queue as it was: the options of this version of the code apply.
        await boss.updateQueue(queue, { ...settings, name: queue, deadLetter: dead });
      });
      defined.set(queue, queueOptions);
    },

    async send(queue, data, sendOpts = {}) {
      assertDefined(queue);
      const id = randomUUID();
      const run = async (tx: Queryable) => {
        const singletonKey = sendOpts.singletonKey ?? null;
        const row = await insertJob(tx, {
          id,
          queue,
          data,
          singletonKey,
          origin: sendOpts.origin ?? (sendOpts.ruleId ? 'rule' : sendOpts.createdBy ? 'user' : 'system'),
          createdBy: sendOpts.createdBy ?? null,
          ruleId: sendOpts.ruleId ?? null,
        });
        if (!row) return { id: (await jobIdBySingletonKey(tx, queue, singletonKey as string)) as string, created: false, row };
        const bossId = await boss.send(queue, data, { ...sendOptions(sendOpts), id, db: bossDbIn(tx) });
        if (bossId !== id) throw new Error(`jobs: pg-boss did not take the job for queue "${queue}"`);
        return { id, created: true, row };
      };
      const { row, ...result } = sendOpts.tx ? await run(sendOpts.tx) : await db.transaction(run);
      if (!sendOpts.tx) {
        events.committed([row]);
        wake(runners.get(queue));
      }
      return result;
    },

    work(queue, handler, workOptions = {}) {
      assertDefined(queue);
      if (stopping) throw new Error('jobs: the queue is stopping');
      if (runners.has(queue)) throw new Error(`jobs: queue "${queue}" already has a worker in this instance`);
      const runner: Runner = {
        queue,
        handler: handler as JobHandler<JsonObject>,
        concurrency: Math.max(1, workOptions.concurrency ?? 1),
        active: new Map(),
        stopped: false,
        woken: false,
        wakeNow: null,
        loop: Promise.resolve(),
      };
      runners.set(queue, runner);
      runner.loop = loop(runner).catch((error: unknown) => log.error({ err: error, queue }, 'job queue worker stopped'));
    },

    async cancel(id, cancelOptions = {}) {
      const run = async (tx: Queryable) => {
        const row = await markCancelled(tx, id);
        if (row) await boss.cancel(row.queue, row.bossId, { db: bossDbIn(tx) });
        return row;
      };
      if (cancelOptions.tx) return (await run(cancelOptions.tx)) !== null;
      const row = await db.transaction(run);
      if (!row) return false;
      events.committed([row]);
      inFlight.get(id)?.controller.abort(new JobAbortedError('cancelled'));
      return true;
    },

    async retry(id) {
      const bossId = randomUUID();
      const row = await db.transaction(async (tx) => {
        const queued = await requeue(tx, id, bossId);
        if (!queued) return null;
        const queueOptions = defined.get(queued.queue) ?? {};
        const sent = await boss.send(queued.queue, queued.data, { ...sendOptions(queueOptions), id: bossId, db: bossDbIn(tx) });
        if (sent !== bossId) throw new Error(`jobs: pg-boss did not take the retry for queue "${queued.queue}"`);
        return queued;
      });
      if (!row) return false;
      events.committed([row]);
      wake(runners.get(row.queue));
      return true;
    },

    get: (id) => getJob(db, id),

    async schedule(queue, cron, data = {}, scheduleOptions = {}) {
      assertDefined(queue);
      await boss.schedule(queue, cron, data, { tz: scheduleOptions.tz ?? 'UTC' });
    },

    unschedule: (queue) => boss.unschedule(queue),

    async schedules() {
      return (await boss.getSchedules()) as unknown as Awaited<ReturnType<JobQueue['schedules']>>;
    },

    async deadLetters(queue) {
      const { rows } = await db.query<{ id: string; data: JsonObject; output: JsonObject | null; createdOn: Date }>(
        `SELECT id::text AS id, data, output, created_on AS "createdOn" FROM ${BOSS_SCHEMA}.job WHERE name = $1 ORDER BY created_on`,
        [deadLetterQueue(queue)],
      );
      return rows;
    },

    async maintain() {
      await boss.maintain();
      await reconcile();
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(reconcileTimer);
      for (const runner of runners.values()) {
        runner.stopped = true;
        wake(runner);
      }
      await Promise.all([...runners.values()].map((runner) => runner.loop));
      const running = () => Promise.all([...runners.values()].flatMap((runner) => [...runner.active.values()]));
      await settledWithin(running(), stopGraceMs);
      for (const attempt of inFlight.values()) attempt.controller.abort(new JobAbortedError('shutdown'));
      // A handler that ignores its signal is left behind: pg-boss retries its job after the expiry.
      await settledWithin(running(), stopGraceMs);
      clearInterval(watchdog);
      await reconciling;
      unsubscribeWake();
      await boss.stop({ graceful: false, close: false });
      adapter.close();
      await events.close();
      if (bossBackend !== db) await bossBackend.close();
    },
  };
  return service;
}
