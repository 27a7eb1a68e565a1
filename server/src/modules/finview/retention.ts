import type { FastifyInstance } from 'fastify';
import { FINISHED_STATUSES } from '../../../../common/domains/finview/model.js';
import { deleteOutputRow } from './output-actions.js';
import { lockOutput, outputAnswer } from './outputs-repository.js';

// Retention (docs/finview.md): finished, unapproved outputs older than the settings'
// retentionDays go with their files, each in a transaction of its own, audited as the system's.

export const RETENTION_QUEUE = 'finview-retention';
export const RETENTION_CRON = '17 3 * * *';
const BATCH = 200;

export async function applyRetention(fastify: FastifyInstance): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rows } = await fastify.db.query<{ id: number }>(
      `SELECT o.id::int AS id FROM finview_outputs o JOIN jobs j ON j.id = o.job_id CROSS JOIN finview_settings s
       WHERE o.approval = 'none' AND j.status = ANY($1::text[]) AND o.created_at < now() - make_interval(days => s.retention_days)
       ORDER BY o.created_at LIMIT ${BATCH}`,
      [FINISHED_STATUSES],
    );
    let batchDeleted = 0;
    for (const { id } of rows) {
      const done = await fastify.db.transaction(async (tx) => {
        const row = await lockOutput(tx, id);
        // Approved or restarted meanwhile: kept.
        if (!row || row.approval !== 'none' || !FINISHED_STATUSES.includes(row.status)) return false;
        await deleteOutputRow(tx, fastify.blobs, row, await outputAnswer(tx, id), null);
        return true;
      });
      if (done) batchDeleted += 1;
    }
    deleted += batchDeleted;
    // A full batch of rows that all changed meanwhile would come back again: stop there.
    if (rows.length < BATCH || batchDeleted === 0) return deleted;
  }
}
