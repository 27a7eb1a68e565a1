import type { FastifyInstance } from 'fastify';
import { kycDocuments } from '../../../../common/resources/kyc-documents.js';
import type { Queryable } from '../../db/index.js';
import { HttpError, orNotFound } from '../../errors.js';
import type { TransitionStore, WorkflowRecord } from '../../lib/workflow/transitions-service.js';
import type { DocumentAnswer } from './answers.js';
import { findDocument, lockDocument, refreshSubjectStatus, type DocumentState } from './repository.js';

// KYC documents as a workflow's store (server/src/lib/workflow): the decisions of docs/kyc.md
// (approve, reject, revision, reset) on the generic transition routes. The generic service
// checks the role, the version (here, in `locked`), the state, the reason and maker-checker
// (`notBy: uploaderId`, the current file's uploader); this store adds what only KYC knows:
// an Aadhaar card image is approved only masked, and a file only scanned clean while the
// policy requires it; the decision's reviewer and time, and the subject's status, in the same
// transaction. The audit rows keep the legacy decision route's shape (entity kyc_document).

/** What the audit log keeps of a decision: the state, its reason and comment, and the file it was taken on. */
function decisionSnapshot(record: WorkflowRecord): Record<string, unknown> {
  const document = record as unknown as DocumentAnswer;
  return { status: document.status, reason: document.reason, comment: document.comment, fileId: document.file?.id ?? null };
}

/**
 * Why `document` may not be approved now, as the legacy decision route refuses it: 409
 * kycNotMasked (an Aadhaar card image not masked), kycScanNotClean or, without any scanner,
 * kycNoScanner (nothing can be scanned clean: an Admin sets the policy).
 */
export async function assertApprovable(tx: Queryable, document: DocumentState, scannerConfigured: boolean): Promise<void> {
  if (document.type === 'aadhaar_card' && !document.currentMasked) throw new HttpError(409, 'kycNotMasked');
  const { rows } = await tx.query<{ scan_policy: string }>('SELECT scan_policy FROM kyc_settings');
  if (rows[0]?.scan_policy !== 'off' && document.currentScanStatus !== 'clean') {
    // Without a scanner nothing is ever clean: say so, rather than blame this file.
    throw new HttpError(409, scannerConfigured ? 'kycScanNotClean' : 'kycNoScanner');
  }
}

export function kycDocumentsTransitionStore(fastify: FastifyInstance): TransitionStore {
  const { db } = fastify;
  const answer = async (tx: Queryable, key: string) => orNotFound(await findDocument(tx, key), 'kycDocumentNotFound') as unknown as WorkflowRecord;
  return {
    definition: kycDocuments,
    auditEntity: 'kyc_document',
    invalidCode: 'validation',
    transaction: (fn) => db.transaction(fn),
    async locked(tx, key, version) {
      const document = orNotFound(await lockDocument(tx, key), 'kycDocumentNotFound');
      if (document.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: document.version } });
      return answer(tx, key);
    },
    async write(tx, key, values, { transition, actor }) {
      const document = orNotFound(await lockDocument(tx, key), 'kycDocumentNotFound');
      if (transition.name === 'approve') await assertApprovable(tx, document, fastify.virusScanner.configured);
      // A reset takes the decision back: no reason, comment or reviewer stays (the audit row keeps its comment).
      const reset = transition.name === 'reset';
      await tx.query(
        `UPDATE kyc_documents SET status = $2, reason = $3, comment = $4, decided_by = $5, decided_at = CASE WHEN $5::bigint IS NULL THEN NULL ELSE now() END
          WHERE id = $1`,
        [key, values.status, values.reason ?? null, reset ? null : (values.comment ?? null), reset ? null : actor.id],
      );
      await refreshSubjectStatus(tx, document.subjectId);
      return answer(tx, key);
    },
    snapshot: decisionSnapshot,
  };
}
