import { expect, it } from 'vitest';
import { JobAbortedError, PermanentJobError } from '../../../../server/src/lib/jobs/job-queue.js';
import type { JobChange } from '../../../../server/src/lib/jobs/jobs-repository.js';
import { describeEachDatabase } from '../../helper.js';
import { bossJobs, buildJobsApp, jobFinished, uniqueQueue, until } from './jobs-helper.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('job queue', (suite) => {
  it('sends, works and records the job: running with progress, then succeeded at 100 with its result', async () => {
    const app = await buildJobsApp(suite);
    const queue = uniqueQueue('steps');
    await app.jobs.define(queue);
    const changes: JobChange[] = [];
    app.jobs.events.onChange((change) => {
      if (change.queue === queue) changes.push(change);
    });
    app.jobs.work<{ steps: number }>(queue, async (job) => {
      for (let step = 1; step <= job.data.steps; step += 1) {
        await delay(60);
        job.progress(step / job.data.steps);
      }
      return { result: { doubled: job.data.steps * 2 } };
    });

    const { id, created } = await app.jobs.send(queue, { steps: 10 }, { createdBy: null });
    expect(created).toBe(true);
    const row = await jobFinished(app, id);
    expect(row).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, result: { doubled: 20 }, error: null, origin: 'system' });
    expect(row.startedAt).toBeInstanceOf(Date);
    expect(row.finishedAt).toBeInstanceOf(Date);

    // The change notices: queued, running, some progress between, succeeded at 100.
    await until(async () => changes.at(-1)?.status, (status) => status === 'succeeded');
    expect(changes[0]).toMatchObject({ id, status: 'queued', progress: 0 });
    expect(changes.some((change) => change.status === 'running' && change.progress > 0 && change.progress < 100)).toBe(true);
    const progress = changes.map((change) => change.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(changes.at(-1)).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(await bossJobs(suite, queue)).toEqual([expect.objectContaining({ id, state: 'completed' })]);
  });

  it('keeps one job per singleton key, also when both sends race, and whatever state the first is in', async () => {
    const app = await buildJobsApp(suite);
    const queue = uniqueQueue('single');
    await app.jobs.define(queue);
    const [first, second] = await Promise.all([
      app.jobs.send(queue, { n: 1 }, { singletonKey: 'event-42' }),
      app.jobs.send(queue, { n: 2 }, { singletonKey: 'event-42' }),
    ]);
    expect(second.id).toBe(first.id);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const other = await app.jobs.send(queue, { n: 3 }, { singletonKey: 'event-43' });
    expect(other.created).toBe(true);

    app.jobs.work(queue, async () => undefined);
    await jobFinished(app, first.id);
    const again = await app.jobs.send(queue, { n: 4 }, { singletonKey: 'event-42' });
    expect(again).toEqual({ id: first.id, created: false });

    const rows = await suite.sql<{ singleton_key: string }>('SELECT singleton_key FROM jobs WHERE queue = $1 ORDER BY singleton_key', [queue]);
    expect(rows.map((row) => row.singleton_key)).toEqual(['event-42', 'event-43']);
    expect(await bossJobs(suite, queue)).toHaveLength(2);
  });

  it('retries with a growing delay, then fails into the dead-letter queue', async () => {
    const app = await buildJobsApp(suite);
    const queue = uniqueQueue('flaky');
    await app.jobs.define(queue, { retryLimit: 2, retryDelay: 1, retryBackoff: true });
    const startedAt: number[] = [];
    app.jobs.work(queue, async (job) => {
      startedAt.push(Date.now());
      throw new Error(`attempt ${job.attempt} broke`);
    });
    const { id } = await app.jobs.send(queue, { payload: 'x' });

    const row = await jobFinished(app, id, 25_000);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, error: 'attempt 3 broke' });
    expect(startedAt).toHaveLength(3);
    // pg-boss's backoff: retryDelay * 2^n / 2, plus as much again at random, after the nth failure.
    const [gap1, gap2] = [startedAt[1]! - startedAt[0]!, startedAt[2]! - startedAt[1]!];
    expect(gap1).toBeGreaterThanOrEqual(900);
    expect(gap2).toBeGreaterThanOrEqual(1900);
    expect(await bossJobs(suite, queue)).toEqual([expect.objectContaining({ id, state: 'failed', retry_count: 2 })]);
    const dead = await app.jobs.deadLetters(queue);
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ data: { payload: 'x' }, output: { message: 'attempt 3 broke' } });
  });

  it('fails a job at once on a permanent error, and queues it again by hand', async () => {
    const app = await buildJobsApp(suite);
    const queue = uniqueQueue('permanent');
    await app.jobs.define(queue, { retryLimit: 5, retryDelay: 1 });
    let calls = 0;
    app.jobs.work(queue, async () => {
      calls += 1;
      if (calls === 1) throw new PermanentJobError('the template is not valid');
      return { result: { fixed: true } };
    });
    const { id } = await app.jobs.send(queue, {});
    expect(await jobFinished(app, id)).toMatchObject({ status: 'failed', attempts: 1, error: 'the template is not valid' });
    expect(await app.jobs.deadLetters(queue)).toHaveLength(1);

    expect(await app.jobs.retry(id)).toBe(true);
    expect(await jobFinished(app, id)).toMatchObject({ status: 'succeeded', attempts: 2, result: { fixed: true }, error: null });
    expect(await app.jobs.retry(id)).toBe(false);
  });

  it('cancels a queued job (it never runs) and a running one (its signal aborts)', async () => {
    const app = await buildJobsApp(suite);
    const queue = uniqueQueue('cancel');
    await app.jobs.define(queue);
    const later = await app.jobs.send(queue, { which: 'later' }, { startAfter: 3600 });
    expect(await app.jobs.cancel(later.id)).toBe(true);
    expect(await app.jobs.get(later.id)).toMatchObject({ status: 'cancelled', attempts: 0 });

    const aborted: unknown[] = [];
    app.jobs.work(queue, (job) => {
      job.progress(0.5);
      return new Promise((_resolve, reject) => {
        job.signal.addEventListener('abort', () => {
          aborted.push(job.signal.reason);
          reject(job.signal.reason as Error);
        });
      });
    });
    const running = await app.jobs.send(queue, { which: 'now' });
    await until(() => app.jobs.get(running.id), (row) => row?.status === 'running');
    expect(await app.jobs.cancel(running.id)).toBe(true);
    await until(async () => aborted.length, (count) => count === 1);
    expect(aborted[0]).toBeInstanceOf(JobAbortedError);
    expect((aborted[0] as JobAbortedError).kind).toBe('cancelled');
    await delay(300);
    expect(await app.jobs.get(running.id)).toMatchObject({ status: 'cancelled', attempts: 1 });
    expect(await app.jobs.cancel(running.id)).toBe(false);
    const states = await bossJobs(suite, queue);
    expect(states.map((job) => job.state)).toEqual(['cancelled', 'cancelled']);
  });

  it('aborts a running attempt cancelled by another instance', async () => {
    const worker = await buildJobsApp(suite);
    const other = await buildJobsApp(suite);
    const queue = uniqueQueue('remote-cancel');
    await worker.jobs.define(queue);
    await other.jobs.define(queue);
    let reason: unknown;
    worker.jobs.work(queue, (job) => new Promise((_resolve, reject) => {
      job.signal.addEventListener('abort', () => {
        reason = job.signal.reason;
        reject(job.signal.reason as Error);
      });
    }));
    const { id } = await other.jobs.send(queue, {});
    await until(() => other.jobs.get(id), (row) => row?.status === 'running');
    expect(await other.jobs.cancel(id)).toBe(true);
    await until(async () => reason, (value) => value !== undefined, 5000);
    expect((reason as JobAbortedError).kind).toBe('cancelled');
  });

  it('retries an attempt whose server died mid-way once pg-boss expires it, and fails it for good after the last', async () => {
    const app = await buildJobsApp(suite);
    const queue = uniqueQueue('orphan');
    await app.jobs.define(queue, { retryLimit: 1, retryDelay: 0, expireInSeconds: 1 });
    const { id } = await app.jobs.send(queue, { n: 1 });
    const last = await app.jobs.send(queue, { n: 2 }, { retryLimit: 0 });
    // What a server killed with -9 mid-attempt leaves: pg-boss's job active, our row running.
    for (const job of [id, last.id]) {
      await suite.sql(`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute' WHERE id = $1`, [job]);
      await suite.sql(`UPDATE jobs SET status = 'running', attempts = 1, progress = 40 WHERE id = $1`, [job]);
    }
    await app.jobs.maintain();
    expect(await app.jobs.get(last.id)).toMatchObject({ status: 'failed', error: 'job failed by timeout in active state' });
    expect(await app.jobs.deadLetters(queue)).toEqual([expect.objectContaining({ data: { n: 2 } })]);

    app.jobs.work(queue, async (job) => ({ result: { n: job.data.n } }));
    expect(await jobFinished(app, id)).toMatchObject({ status: 'succeeded', attempts: 2, progress: 100, result: { n: 1 } });
  });

  it('on stop, lets a short attempt finish and aborts a long one, which pg-boss retries', async () => {
    const app = await buildJobsApp(suite, { stopGraceMs: 700 });
    const queue = uniqueQueue('stop');
    await app.jobs.define(queue, { retryLimit: 3, retryDelay: 60 });
    app.jobs.work<{ ms: number }>(
      queue,
      (job) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve({ result: { slept: job.data.ms } }), job.data.ms);
          job.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(job.signal.reason as Error);
          });
        }),
      { concurrency: 2 },
    );
    const short = await app.jobs.send(queue, { ms: 300 });
    const long = await app.jobs.send(queue, { ms: 60_000 });
    await until(async () => [await app.jobs.get(short.id), await app.jobs.get(long.id)], (rows) => rows.every((row) => row?.status === 'running'));
    await app.close();

    const rows = await suite.sql<{ id: string; status: string; error: string | null }>('SELECT id::text AS id, status, error FROM jobs WHERE queue = $1', [queue]);
    expect(rows.find((row) => row.id === short.id)).toMatchObject({ status: 'succeeded' });
    expect(rows.find((row) => row.id === long.id)).toMatchObject({ status: 'queued', error: 'interrupted by a server shutdown' });
    expect(await bossJobs(suite, queue)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: short.id, state: 'completed' }), expect.objectContaining({ id: long.id, state: 'retry' })]),
    );
  });

  it('registers a cron schedule, whose jobs run with a row of their own', async () => {
    const app = await buildJobsApp(suite, { cronMonitorSeconds: 1, cronWorkerSeconds: 1 });
    const queue = uniqueQueue('cron');
    await app.jobs.define(queue);
    const seen: unknown[] = [];
    app.jobs.work(queue, async (job) => {
      seen.push(job.data);
    });
    await app.jobs.schedule(queue, '* * * * *', { ruleId: 'rule-7' });
    expect(await app.jobs.schedules()).toEqual(expect.arrayContaining([expect.objectContaining({ name: queue, cron: '* * * * *', data: { ruleId: 'rule-7' } })]));

    // Every minute's job is sent within the minute it is due: this one at once.
    await until(async () => seen.length, (count) => count >= 1, 20_000);
    const rows = await until(
      () => suite.sql<{ status: string; origin: string; rule_id: string }>('SELECT status, origin, rule_id FROM jobs WHERE queue = $1', [queue]),
      (found) => found[0]?.status === 'succeeded',
    );
    expect(rows).toEqual([{ status: 'succeeded', origin: 'schedule', rule_id: 'rule-7' }]);
    await app.jobs.unschedule(queue);
    expect((await app.jobs.schedules()).some((schedule) => schedule.name === queue)).toBe(false);
  });

  it('sends within the caller transaction (a rollback sends nothing), and never slips into one of ours', async () => {
    const app = await buildJobsApp(suite);
    const queue = uniqueQueue('tx');
    await app.jobs.define(queue);
    let ranAt = 0;
    app.jobs.work(queue, async () => {
      ranAt = Date.now();
    });
    await expect(
      app.db.transaction(async (tx) => {
        await app.jobs.send(queue, { n: 'rolled back' }, { tx });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await suite.sql('SELECT 1 FROM jobs WHERE queue = $1', [queue])).toHaveLength(0);
    expect(await bossJobs(suite, queue)).toHaveLength(0);

    // A long transaction of ours (on PGlite it holds the only connection): the queue's polling and
    // the attempt's writes wait for it and run after; a rollback of ours undoes none of theirs.
    const { id } = await app.jobs.send(queue, { n: 'kept' });
    let endedAt = 0;
    await expect(
      app.db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await delay(1500);
        endedAt = Date.now();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobFinished(app, id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    if (app.db.kind === 'pglite') expect(ranAt).toBeGreaterThanOrEqual(endedAt);
  });

  it('keeps pg-boss in its own schema, beside the migrations', async () => {
    await buildJobsApp(suite);
    const tables = await suite.sql<{ schema: string; count: number }>(
      `SELECT table_schema AS schema, count(*)::int AS count FROM information_schema.tables
       WHERE table_schema IN ('public', 'pgboss') AND table_name IN ('jobs', 'job', 'queue', 'schedule', 'version') GROUP BY table_schema ORDER BY 1`,
    );
    expect(tables).toEqual([
      { schema: 'pgboss', count: 4 },
      { schema: 'public', count: 1 },
    ]);
  });
});
