import type { FastifyInstance } from 'fastify';
import { videos } from '../../../../common/resources/videos.js';
import { OutputAnswerSchema } from '../../../../common/domains/finview/schemas.js';
import { HttpError } from '../../errors.js';
import { createTransitionService, type TransitionStore, type WorkflowRecord } from '../../lib/workflow/transitions-service.js';
import { transitionRoutes } from '../../lib/workflow/transitions-routes.js';
import { lockOutput, outputAnswer } from './outputs-repository.js';
import { OutputParams } from './schemas-outputs.js';

// Approval of an output on the workflow's routes (`POST finview/outputs/{id}/transitions/approve`
// and its bulk twin), with the checks the approve route makes (docs/finview.md "Outputs"): the
// role and maker-checker are the workflow's (`minRole: 1`, `notBy: 'makerId'`), the rest is here.
// The old `POST finview/outputs/{id}/approve` stays for API callers.

const idOf = (key: string): number => {
  const id = Number(key);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, 'finviewOutputNotFound');
  return id;
};

async function answerOf(tx: Parameters<TransitionStore['locked']>[0], id: number): Promise<WorkflowRecord> {
  const output = await outputAnswer(tx, id);
  if (!output) throw new HttpError(404, 'finviewOutputNotFound');
  return output;
}

export function outputTransitionStore(fastify: FastifyInstance): TransitionStore {
  return {
    definition: videos,
    auditEntity: 'finview_output',
    invalidCode: 'validation',
    transaction: (fn) => fastify.db.transaction(fn),
    async locked(tx, key, version) {
      const id = idOf(key);
      const row = await lockOutput(tx, id);
      if (!row) throw new HttpError(404, 'finviewOutputNotFound');
      if (row.version !== version) throw new HttpError(409, 'staleEdit');
      return answerOf(tx, id);
    },
    async write(tx, key, values, { before, actor }) {
      // Only a finished render is published.
      if (before.status !== 'succeeded') throw new HttpError(409, 'finviewNotReady');
      await tx.query(
        `UPDATE finview_outputs SET approval = $2, approved_by = $3, approved_at = now(), version = version + 1, updated_at = now() WHERE id = $1`,
        [idOf(key), values.approval, actor.id],
      );
      return answerOf(tx, idOf(key));
    },
    // The whole answer, as the approve route audits it.
    snapshot: (record) => ({ ...record }),
  };
}

/** The routes of `videos.workflow` over finview_outputs (reports share them: the same endpoint). */
export function outputTransitionRoutes(fastify: FastifyInstance) {
  const service = createTransitionService(outputTransitionStore(fastify), fastify.domainEvents);
  return transitionRoutes(service, { record: OutputAnswerSchema, idName: 'id', params: OutputParams }, 'validation');
}
