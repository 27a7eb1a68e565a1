import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import type { BlobStore } from '../../lib/blobs/blob-store.js';
import type { JobChange } from '../../lib/jobs/jobs-repository.js';
import type { OutputAnswer } from '../../../../common/domains/finview/model.js';
import { queueOf } from './outputs-service.js';
import { lockOutput, outputAnswer, type OutputRow } from './outputs-repository.js';

/** Deletes an output's row and its files within `tx`, audited (`before` = its last answer). */
export async function deleteOutputRow(tx: Queryable, blobs: BlobStore, row: OutputRow, before: OutputAnswer | null, actor: AuditActor | null): Promise<void> {
  await tx.query('DELETE FROM finview_outputs WHERE id = $1', [row.id]);
  for (const blobId of [row.videoBlobId, row.posterBlobId, row.pdfBlobId]) if (blobId) await blobs.delete(tx, blobId);
  await recordAudit(tx, { actor, entity: 'finview_output', entityId: String(row.id), action: 'delete', before: before ?? { id: row.id, title: row.title } });
}

export interface ActionActor extends AuditActor {
  role: number;
}

const isAdmin = (actor: ActionActor) => actor.role <= 1;

/** The row locked, or 404 finviewOutputNotFound. */
async function locked(tx: Queryable, id: number): Promise<{ row: OutputRow; before: OutputAnswer }> {
  const row = await lockOutput(tx, id);
  const before = row ? await outputAnswer(tx, id) : null;
  if (!row || !before) throw new HttpError(404, 'finviewOutputNotFound');
  return { row, before };
}

function changeOf(output: OutputAnswer): JobChange {
  return { id: output.jobId, queue: queueOf(output.kind), status: output.status, progress: output.progress };
}

/** Actions on an output (docs/finview.md "Outputs"): each one transaction, audited. */
export function createOutputActions(fastify: FastifyInstance) {
  const { db, blobs } = fastify;

  return {
    async cancel(actor: ActionActor, id: number): Promise<OutputAnswer> {
      const output = await db.transaction(async (tx) => {
        const { row, before } = await locked(tx, id);
        if (row.status !== 'queued' && row.status !== 'running') throw new HttpError(409, 'finviewNotCancellable');
        if (!(await fastify.jobs.cancel(row.jobId, { tx }))) throw new HttpError(409, 'finviewNotCancellable');
        const after = (await outputAnswer(tx, id)) as OutputAnswer;
        await recordAudit(tx, { actor, entity: 'finview_output', entityId: String(id), action: 'cancel', before, after });
        return after;
      });
      // Heard by this instance's watchers at once (a running attempt is aborted by the queue's watchdog).
      fastify.jobs.events.committed([changeOf(output)]);
      return output;
    },

    async retry(actor: ActionActor, id: number): Promise<OutputAnswer> {
      const before = await db.transaction(async (tx) => {
        const { row, before: answer } = await locked(tx, id);
        if (row.status !== 'failed' && row.status !== 'cancelled') throw new HttpError(409, 'finviewNotRetryable');
        return answer;
      });
      // The queue requeues in a transaction of its own (same job, same data); the audit follows it.
      if (!(await fastify.jobs.retry(before.jobId))) throw new HttpError(409, 'finviewNotRetryable');
      return db.transaction(async (tx) => {
        const after = (await outputAnswer(tx, id)) as OutputAnswer;
        await recordAudit(tx, { actor, entity: 'finview_output', entityId: String(id), action: 'retry', before, after });
        return after;
      });
    },

    async approve(actor: ActionActor, id: number, version: number): Promise<OutputAnswer> {
      if (!isAdmin(actor)) throw new HttpError(403, 'forbidden');
      return db.transaction(async (tx) => {
        const { row, before } = await locked(tx, id);
        if (row.version !== version) throw new HttpError(409, 'staleEdit');
        const maker = row.createdBy ?? row.ruleCreatedBy;
        if (maker !== null && String(maker) === actor.id) throw new HttpError(403, 'finviewMakerChecker');
        if (row.status !== 'succeeded') throw new HttpError(409, 'finviewNotReady');
        await tx.query(
          `UPDATE finview_outputs SET approval = 'approved', approved_by = $2, approved_at = now(), version = version + 1, updated_at = now() WHERE id = $1`,
          [id, actor.id],
        );
        const after = (await outputAnswer(tx, id)) as OutputAnswer;
        await recordAudit(tx, { actor, entity: 'finview_output', entityId: String(id), action: 'approve', before, after });
        return after;
      });
    },

    async remove(actor: ActionActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { row, before } = await locked(tx, id);
        if (row.status === 'queued' || row.status === 'running') throw new HttpError(409, 'finviewRunning');
        if (row.approval === 'approved' && !isAdmin(actor)) throw new HttpError(403, 'finviewPublishedDelete');
        await deleteOutputRow(tx, blobs, row, before, actor);
      });
    },
  };
}
