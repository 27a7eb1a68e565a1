import type { FastifyInstance } from 'fastify';
import type { JobsPluginOptions } from '../../../server/src/plugins/jobs.js';
import type { JobRow } from '../../../server/src/services/jobs/jobs-repository.js';
import type { SuiteContext } from '../helper.js';

/** Short timings: the queue polls twice a second, maintenance runs when a test calls it. */
export const FAST_JOBS: JobsPluginOptions = {
  pollSeconds: 0.5,
  maintenanceSeconds: 3600,
  watchMs: 200,
  stopGraceMs: 2000,
};

export function buildJobsApp(suite: SuiteContext, jobs: JobsPluginOptions = {}): Promise<FastifyInstance> {
  return suite.build({ DEMO_DATA: false }, { jobs: { ...FAST_JOBS, ...jobs } });
}

let queueCounter = 0;
/** A queue name of its own per test: apps of one suite share the database and its queues. */
export function uniqueQueue(prefix: string): string {
  queueCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${queueCounter}`;
}

/** Polls `read` until `done` accepts its value; fails with the last value after `timeoutMs`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, stepMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    value = await read();
  }
  return value;
}

export function jobFinished(app: FastifyInstance, id: string, timeoutMs?: number): Promise<JobRow> {
  return until(
    async () => (await app.jobs.get(id)) as JobRow,
    (row) => row !== null && ['succeeded', 'failed', 'cancelled'].includes(row.status),
    timeoutMs,
  );
}

export async function bossJobs(suite: SuiteContext, queue: string): Promise<Array<{ id: string; state: string; retry_count: number }>> {
  return suite.sql('SELECT id::text AS id, state::text AS state, retry_count FROM pgboss.job WHERE name = $1 ORDER BY created_on', [queue]);
}
