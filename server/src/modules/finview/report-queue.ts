import type { Queryable } from '../../db/index.js';
import type { BlobStore, StagedBlob } from '../../lib/blobs/blob-store.js';
import { PermanentJobError, type JobQueue, type RunningJob } from '../../lib/jobs/job-queue.js';
import type { JsonObject } from '../../lib/jobs/jobs-repository.js';
import type { ReportRenderer } from './render/report-pdf.js';
import { bindReportTemplate, checkReportTemplate } from '../../../../common/domains/finview/report-template.js';
import type { BoundData } from '../../../../common/domains/finview/template.js';
import { assertBoundImages } from './template-images.js';

// The report render queue: as the video queue (render-queue.ts), the PDF is printed (Chromium)
// and staged with no transaction open, then committed in the transaction that marks the job
// succeeded, where onStored writes the output's row.

export const REPORT_QUEUE = 'render-report';

export interface ReportJobData extends JsonObject {
  template?: unknown;
  data?: BoundData;
  name?: string;
  /** finview's watermark, printed in every page footer. */
  watermark?: string;
}

export interface ReportQueueOptions {
  concurrency?: number;
  expireInSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  onStored?(tx: Queryable, job: RunningJob<ReportJobData>, stored: { pdfBlobId: string; bytes: number; pages: number }): Promise<void>;
}

/** Pages of a PDF as Chromium writes it: one `/Type /Page` object each (`/Pages` is the tree). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

export async function workReportQueue(jobs: JobQueue, blobs: BlobStore, renderer: ReportRenderer, options: ReportQueueOptions = {}): Promise<void> {
  await jobs.define(REPORT_QUEUE, {
    retryLimit: options.retryLimit ?? 2,
    retryDelay: options.retryDelay ?? 10,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds ?? 660,
  });
  jobs.work<ReportJobData>(
    REPORT_QUEUE,
    async (job) => {
      const checked = checkReportTemplate(job.data.template);
      if (!checked.ok) throw new PermanentJobError(`the template is not valid: ${checked.problems.join('; ')}`);
      const bound = bindReportTemplate(checked.value, job.data.data ?? {});
      if (!bound.ok) throw new PermanentJobError(`the data does not fit the template: ${bound.problems.join('; ')}`);
      // Chromium would decode the logo: the image guard reads its header first.
      await assertBoundImages(bound.value).catch((error: Error) => {
        throw new PermanentJobError(error.message);
      });
      job.progress(0.1);
      const pdf = await renderer.render(bound.value, { footerText: job.data.watermark ?? '' });
      job.signal.throwIfAborted();
      job.progress(0.9);
      const pages = pdfPageCount(pdf);
      const staged: StagedBlob = await blobs.stage(pdf, { contentType: 'application/pdf', filename: `${job.data.name ?? job.id}.pdf` });
      return {
        result: { pages, bytes: staged.size },
        async commit(tx) {
          const stored = await blobs.commit(tx, staged);
          await options.onStored?.(tx, job, { pdfBlobId: stored.id, bytes: stored.size, pages });
          return { pdfBlobId: stored.id };
        },
        abandon: () => blobs.discard(staged),
      };
    },
    { concurrency: options.concurrency ?? 1 },
  );
}
