import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canDecide, KYC_ACCEPTED_KINDS, KYC_TRANSITIONS, type KycDecision, type KycDocumentType, type KycReason } from '../../../../common/domains/kyc/model.js';
import { AADHAAR_MASK_MINIMUM, maskCoversNumber } from '../../../../common/domains/kyc/rules.js';
import type { Queryable } from '../../db/index.js';
import { HttpError, orNotFound } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import type { BlobContent } from '../../lib/blobs/blob-store.js';
import { maskImage, type MaskRect } from './files/images.js';
import type { DocumentAnswer } from './answers.js';
import { processFile, type PipelineContext } from './file-pipeline.js';
import { readSettings } from './settings.js';
import { readKycForm } from './form.js';
import { assertApprovable } from './transition-store.js';
import { addFile, documentForUpload, findDocument, findSubject, lockDocument, lockSubject, refreshSubjectStatus, type DocumentState } from './repository.js';

// Documents (docs/kyc.md): a new file version, a reviewer's decision, masking an Aadhaar
// card image, and reading a file. One transaction per action, the audit row in it.

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface DecisionInput {
  decision: KycDecision;
  reason?: KycReason | null | undefined;
  comment?: string | null | undefined;
  version: number;
}

export interface OpenedFile {
  content: BlobContent;
  filename: string;
  contentType: string;
}

function assertVersion(document: DocumentState, version: number): void {
  if (document.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: document.version } });
}

async function readWhole(content: BlobContent): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of content.stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

export function createDocumentsService(fastify: FastifyInstance) {
  const { db, blobs } = fastify;
  const documentOr404 = async (q: Queryable, id: string) => orNotFound(await findDocument(q, id, true), 'kycDocumentNotFound');

  return {
    get: (id: string) => documentOr404(db, id),

    /** A new version of the subject's document of `type` (the document made on its first file). */
    async upload(actor: AuditActor, subjectId: string, type: KycDocumentType, request: FastifyRequest): Promise<DocumentAnswer> {
      const subject = orNotFound(await findSubject(db, subjectId), 'kycSubjectNotFound');
      const form = await readKycForm(request, { file: KYC_ACCEPTED_KINDS[type] });
      const received = form.files[0];
      if (!received) throw new HttpError(422, 'validation', { file: 'required' });
      const context: PipelineContext = { scanner: fastify.virusScanner };
      if (type === 'digital_aadhaar') {
        const { dob, gender, pinCode, name, aadhaar } = subject;
        const shareCode = form.fields.shareCode?.trim() || undefined;
        context.ekyc = { shareCode, certificatePem: (await readSettings(db)).certificatePem, subject: { name, dob, gender, pinCode, aadhaarLast4: aadhaar?.slice(-4) ?? null } };
      }
      const file = await processFile(received, type, context);
      form.files.length = 0;

      return db.transaction(async (tx) => {
        orNotFound(await lockSubject(tx, subjectId), 'kycSubjectNotFound');
        const document = await documentForUpload(tx, subjectId, type);
        const blob = await blobs.put(tx, file.data, { contentType: file.contentType, filename: file.filename });
        const fileId = await addFile(tx, document.id, document.seq, file, blob, actor.id);
        await refreshSubjectStatus(tx, subjectId);
        await recordAudit(tx, {
          actor,
          entity: 'kyc_document',
          entityId: document.id,
          action: document.created ? 'upload' : 'reupload',
          after: { subjectId: Number(subjectId), type, fileId: Number(fileId), seq: document.seq, filename: file.filename, size: blob.size, sha256: blob.sha256, scanStatus: file.scanStatus },
        });
        return documentOr404(tx, document.id);
      });
    },

    async decide(actor: AuditActor, id: string, input: DecisionInput): Promise<DocumentAnswer> {
      return db.transaction(async (tx) => {
        const document = orNotFound(await lockDocument(tx, id), 'kycDocumentNotFound');
        assertVersion(document, input.version);
        // Maker-checker: whoever uploaded the file under review does not decide on it.
        if (document.currentUploadedBy === actor.id) throw new HttpError(403, 'kycMakerChecker');
        if (!canDecide(input.decision, document.status)) throw new HttpError(409, 'kycBadTransition');
        const needsReason = input.decision === 'reject' || input.decision === 'revision';
        if (needsReason && !input.reason) throw new HttpError(422, 'validation', { reason: 'reasonRequired' });
        // The same checks as the workflow's approve (transition-store.ts).
        if (input.decision === 'approve') await assertApprovable(tx, document, fastify.virusScanner.configured);
        const before = (await findDocument(tx, id)) as DocumentAnswer;
        const reset = input.decision === 'reset';
        const comment = input.comment?.trim() || null;
        await tx.query(
          `UPDATE kyc_documents SET status = $2, reason = $3, comment = $4, decided_by = $5, decided_at = CASE WHEN $5::bigint IS NULL THEN NULL ELSE now() END
            WHERE id = $1`,
          [id, KYC_TRANSITIONS[input.decision].to, needsReason ? input.reason : null, reset ? null : comment, reset ? null : actor.id],
        );
        await refreshSubjectStatus(tx, document.subjectId);
        const after = await documentOr404(tx, id);
        const decision = (answer: DocumentAnswer) => ({ status: answer.status, reason: answer.reason, comment: answer.comment, fileId: answer.file?.id ?? null });
        await recordAudit(tx, { actor, entity: 'kyc_document', entityId: id, action: input.decision, before: decision(before), after: { ...decision(after), ...(reset && comment ? { comment } : {}) } });
        return after;
      });
    },

    /**
     * The current image with `rects` blacked out replaces it (same seq, masked); its unmasked
     * bytes are deleted, and so are those of the document's earlier unmasked Aadhaar card
     * images (their rows stay, `removed`): no unmasked Aadhaar image stays readable.
     */
    async mask(actor: AuditActor, id: string, rects: readonly MaskRect[], version: number): Promise<DocumentAnswer> {
      const document = orNotFound(await lockDocument(db, id, false), 'kycDocumentNotFound');
      assertVersion(document, version);
      if (!document.currentBlobId || !IMAGE_TYPES.has(document.currentContentType ?? '')) throw new HttpError(422, 'kycImageUnreadable');
      // A mask marks an Aadhaar card fit for approval: it must at least be big enough to hide the
      // number (checked on the stored size, before any decoding). Other images may be masked freely.
      if (document.type === 'aadhaar_card' && document.currentWidth && document.currentHeight && !maskCoversNumber(rects, document.currentWidth, document.currentHeight)) {
        throw new HttpError(422, 'kycMaskTooSmall', { rects: { code: 'maskTooSmall', params: AADHAAR_MASK_MINIMUM } }, { params: AADHAAR_MASK_MINIMUM });
      }
      const content = orNotFound(await blobs.get(document.currentBlobId), 'kycDocumentNotFound');
      const { filename } = content.meta;
      // Decoded and re-encoded outside the transaction: no connection is held meanwhile.
      const masked = await maskImage(await readWhole(content), content.meta.contentType, rects);

      return db.transaction(async (tx) => {
        const locked = orNotFound(await lockDocument(tx, id), 'kycDocumentNotFound');
        // Changed since it was read: a new upload, another mask.
        if (locked.version !== version || locked.currentFileId !== document.currentFileId) {
          throw new HttpError(409, 'staleEdit', undefined, { params: { version: locked.version } });
        }
        const blob = await blobs.put(tx, masked.data, { contentType: masked.contentType, filename });
        await tx.query(
          `UPDATE kyc_document_files SET blob_id = $2, content_type = $3, size = $4, sha256 = $5, width = $6, height = $7, masked = true WHERE id = $1`,
          [document.currentFileId, blob.id, masked.contentType, blob.size, blob.sha256, masked.width, masked.height],
        );
        await blobs.delete(tx, document.currentBlobId as string);
        const removed: number[] = [];
        if (document.type === 'aadhaar_card') {
          const { rows } = await tx.query<{ id: string; blob_id: string }>(
            `UPDATE kyc_document_files old SET blob_id = NULL, removed = true
               FROM kyc_document_files prior
              WHERE old.id = prior.id AND old.document_id = $1 AND old.id <> $2 AND NOT old.masked AND old.blob_id IS NOT NULL
              RETURNING old.id::text AS id, prior.blob_id::text AS blob_id`,
            [id, document.currentFileId],
          );
          for (const row of rows) {
            await blobs.delete(tx, row.blob_id);
            removed.push(Number(row.id));
          }
        }
        // The document changed (its current file): a newer version for whoever holds the old one.
        await tx.query('UPDATE kyc_documents SET updated_at = now() WHERE id = $1', [id]);
        await recordAudit(tx, {
          actor,
          entity: 'kyc_document',
          entityId: id,
          action: 'mask',
          after: { fileId: Number(document.currentFileId), rects, sha256: blob.sha256, removedFiles: removed },
        });
        return documentOr404(tx, id);
      });
    },

    /**
     * A file of the document (the current one by default), ready to send: the audit row of
     * the view or download is committed before any byte leaves.
     */
    async open(actor: AuditActor, id: string, fileId: string | undefined, purpose: 'view' | 'download'): Promise<OpenedFile> {
      const { rows } = await db.query<{ id: string; seq: number; blob_id: string | null; content_type: string; filename: string; document: string | null }>(
        `SELECT f.id::text AS id, f.seq, f.blob_id::text AS blob_id, f.content_type, f.filename, d.id::text AS document
           FROM kyc_documents d LEFT JOIN kyc_document_files f ON f.document_id = d.id AND f.id = coalesce($2::bigint, d.current_file_id)
          WHERE d.id = $1`,
        [id, fileId ?? null],
      );
      const row = orNotFound(rows[0], 'kycDocumentNotFound');
      if (!row.id || !row.blob_id) throw new HttpError(404, 'notFound');
      const content = orNotFound(await blobs.get(row.blob_id), 'notFound');
      try {
        await recordAudit(db, { actor, entity: 'kyc_document', entityId: id, action: purpose, after: { fileId: Number(row.id), seq: Number(row.seq) } });
      } catch (error) {
        content.stream.destroy();
        throw error;
      }
      return { content, filename: row.filename, contentType: row.content_type };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
