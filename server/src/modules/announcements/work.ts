import type { FastifyInstance } from 'fastify';
import { PermanentJobError } from '../../lib/jobs/job-queue.js';
import { enabledResources } from '../../../../common/resources/generate.js';
import { ensureDemoFeeds } from './demo-feeds.js';
import { FEED_QUEUE, FEEDS_TICK_QUEUE, tickFeeds } from './feeds-service.js';
import { runFeed } from './ingest.js';

// The feed queues (docs/announcements.md "Feeds and ingestion"): a per-minute tick sends the
// due feeds' runs; `announcements-feed` does one run. Worked where modules' workers run.

interface FeedJobData {
  [key: string]: unknown;
  feedId?: number;
  trigger?: 'schedule' | 'manual';
  createdBy?: number | null;
}

const started = new WeakSet<object>();

export async function startAnnouncementsWork(fastify: FastifyInstance): Promise<void> {
  await ensureDemoFeeds(fastify);
  if (!fastify.hasDecorator('jobs')) return;
  const { jobs } = fastify;
  // Once per queue service (two apps of a test may share none, but a second register must not throw).
  if (started.has(jobs)) return;
  started.add(jobs);
  // A failed run is not retried: the feed's next tick reads it again.
  await jobs.define(FEED_QUEUE, { retryLimit: 0, expireInSeconds: 900 });
  if (!fastify.jobsWorkers) return;
  // A tick missed is covered by the next one.
  await jobs.define(FEEDS_TICK_QUEUE, { retryLimit: 0, expireInSeconds: 300 });
  await jobs.schedule(FEEDS_TICK_QUEUE, '* * * * *');
  jobs.work(FEEDS_TICK_QUEUE, async () => {
    // The area switched off in the configuration: its feeds wait.
    if (!enabledResources(await fastify.appConfig.current()).some((definition) => definition.name === 'announcement-feeds')) return { result: { sent: 0 } };
    return { result: { sent: await tickFeeds(fastify) } };
  });
  jobs.work<FeedJobData>(
    FEED_QUEUE,
    async (job) => {
      const feedId = Number(job.data.feedId);
      if (!Number.isSafeInteger(feedId)) throw new PermanentJobError('no feed id');
      const outcome = await runFeed(fastify, {
        feedId,
        trigger: job.data.trigger === 'manual' ? 'manual' : 'schedule',
        createdBy: typeof job.data.createdBy === 'number' ? job.data.createdBy : null,
        signal: job.signal,
      });
      if (!outcome) return { result: { deleted: true } };
      return { result: { runId: outcome.runId, inserted: outcome.inserted, error: outcome.error } };
    },
    { concurrency: 2 },
  );
}
