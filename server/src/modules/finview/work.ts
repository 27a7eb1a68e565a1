import type { FastifyInstance } from 'fastify';
import { RENDER_QUEUE, workRenderQueue } from './render/render-queue.js';
import type { VideoTemplate } from '../../../../common/domains/finview/template.js';
import { REPORT_QUEUE, workReportQueue } from './report-queue.js';
import { applyRetention, RETENTION_CRON, RETENTION_QUEUE } from './retention.js';
import { startRuleSchedule } from './rule-events.js';
import { finviewReportRenderer } from './report-renderer.js';
import { readSettings } from './settings.js';

// The child's own limit: each job's expiry (renderTimeoutSeconds + 60 s, set when it is sent)
// aborts it sooner, so a changed timeout applies to renders sent after the change.
const CHILD_TIMEOUT_SECONDS = 3600;

/**
 * The finview queues this instance works (video and report renders, retention) when the server
 * has a job queue and works modules' queues. The job queue stops them (preClose) before the
 * database closes; the report browser closes after.
 */
export async function startFinviewWork(fastify: FastifyInstance): Promise<void> {
  if (!fastify.hasDecorator('jobs')) return;
  const { jobs, blobs, db } = fastify;
  const settings = await readSettings(db);
  if (!fastify.jobsWorkers) {
    // Sending still needs the queues defined.
    await jobs.define(RENDER_QUEUE);
    await jobs.define(REPORT_QUEUE);
    return;
  }
  await workRenderQueue(jobs, blobs, {
    concurrency: settings.renderConcurrency,
    timeoutSeconds: CHILD_TIMEOUT_SECONDS,
    expireInSeconds: CHILD_TIMEOUT_SECONDS + 60,
    async onStored(tx, job, stored) {
      const template = job.data.template as VideoTemplate;
      const video = await blobs.meta(stored.videoBlobId, tx);
      await tx.query(
        `UPDATE finview_outputs SET video_blob_id = $2, poster_blob_id = $3, width = $4, height = $5, fps = $6,
           duration_seconds = $7, bytes = $8, updated_at = now() WHERE job_id = $1`,
        [job.id, stored.videoBlobId, stored.posterBlobId, template.size.width, template.size.height, template.fps, template.durationSeconds, video?.size ?? null],
      );
    },
  });

  await workReportQueue(jobs, blobs, finviewReportRenderer(fastify), {
    concurrency: settings.renderConcurrency,
    expireInSeconds: settings.renderTimeoutSeconds + 60,
    async onStored(tx, job, stored) {
      await tx.query('UPDATE finview_outputs SET pdf_blob_id = $2, bytes = $3, pages = $4, updated_at = now() WHERE job_id = $1', [
        job.id,
        stored.pdfBlobId,
        stored.bytes,
        stored.pages,
      ]);
    },
  });

  await jobs.define(RETENTION_QUEUE, { retryLimit: 1, expireInSeconds: 3600 });
  await jobs.schedule(RETENTION_QUEUE, RETENTION_CRON);
  jobs.work(RETENTION_QUEUE, async () => ({ result: { deleted: await applyRetention(fastify) } }));
  // Schedule rules: one per-minute tick queue fires what is due (pg-boss 10: one cron per queue).
  await startRuleSchedule(fastify);
}
