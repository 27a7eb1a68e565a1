import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../../lib/jobs/job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on pg-boss, with progress in the `jobs` table (README "Jobs"). */
    jobs: JobQueue;
    /** Whether modules work their queues in this instance (renders, schedules); false: it only sends. */
    jobsWorkers: boolean;
  }
}

/** Timings of the queue (tests shorten them); the database and the log come from the app. */
export type JobsPluginOptions = Partial<Omit<JobQueueOptions, 'db' | 'postgresUrl' | 'log'>> & {
  /** Default true. False: modules (finview) send jobs but work none here (the job-queue tests work their own). */
  moduleWorkers?: boolean;
};

// pg-boss starts only when buildApp is given its timings (server.ts does, for finview's renders):
// tests that do not need it skip its schema, pool and polling, and no `jobs` is decorated.
export default fp<{ jobs?: JobsPluginOptions }>(
  async (fastify, { jobs: jobsOptions }) => {
    if (!jobsOptions) return;
    const { moduleWorkers = true, ...options } = jobsOptions;
    const { db } = fastify;
    const jobs = await createJobQueue({
      ...options,
      db,
      postgresUrl: db.kind === 'postgres' ? fastify.env.DATABASE_URL : undefined,
      log: fastify.log.child({ component: 'jobs' }),
    });
    fastify.decorate('jobs', jobs);
    fastify.decorate('jobsWorkers', moduleWorkers);
    // preClose: attempts under way finish (or are aborted, to be retried) before the database closes.
    fastify.addHook('preClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['db'], decorators: { fastify: ['env'] } },
);
