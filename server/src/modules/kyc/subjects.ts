import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KycDocumentType } from '../../../../common/domains/kyc/model.js';
import type { Queryable } from '../../db/index.js';
import { HttpError, orNotFound, type FieldRefusal } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/paging.js';
import type { SubjectAnswer } from './answers.js';
import { CREATE_FILE_TYPES, readKycForm } from './form.js';
import { processFile, type ProcessedFile } from './file-pipeline.js';
import { addFile, documentForUpload, findSubject, insertSubject, lockSubject, refreshSubjectStatus, updateSubject } from './repository.js';
import { checkSubject, type SubjectValues } from './subject-input.js';

// Subjects (docs/kyc.md): the upload of a subject with its first files, an edit of its
// details, a reviewer's claim. One transaction per action; everything is read and checked
// before it opens, so a refused request writes nothing.

/** The files a new subject may come with (a digital Aadhaar needs its share code: uploaded on its own). */
export { CREATE_FILE_TYPES };

/** What the audit log keeps of a subject: its details, the Aadhaar number masked as everywhere. */
export function subjectSnapshot(subject: SubjectAnswer): Record<string, unknown> {
  const { name, dob, gender, addressLine, city, state, pinCode, pan, aadhaar, status } = subject;
  return { name, dob, gender, addressLine, city, state, pinCode, pan, aadhaar, status, assignee: subject.assignee?.id ?? null };
}

/** A unique index refused the write: which of PAN and Aadhaar (its detail quotes the key, never logged). */
export function takenError(error: unknown): HttpError {
  const detail = String((error as { detail?: unknown }).detail ?? '');
  const fields: Record<string, FieldRefusal> = {};
  if (/\(pan\)/.test(detail)) fields.pan = 'panTaken';
  if (/\(aadhaar_ref\)/.test(detail)) fields.aadhaar = 'aadhaarTaken';
  return new HttpError(409, 'recordTaken', Object.keys(fields).length > 0 ? fields : { pan: 'panTaken', aadhaar: 'aadhaarTaken' });
}

export function createSubjectsService(fastify: FastifyInstance) {
  const { db } = fastify;

  /** 409 naming the PAN and the Aadhaar number another subject already has. */
  async function assertFree(q: Queryable, values: Pick<SubjectValues, 'pan' | 'aadhaar'>, self: string | null): Promise<void> {
    const fields: Record<string, FieldRefusal> = {};
    if (values.pan) {
      const { rows } = await q.query('SELECT 1 FROM kyc_subjects WHERE pan = $1 AND id IS DISTINCT FROM $2::bigint', [values.pan, self]);
      if (rows.length > 0) fields.pan = 'panTaken';
    }
    if (values.aadhaar) {
      const ref = await fastify.aadhaarVault.findRefByNumber(values.aadhaar, q);
      const { rows } = ref ? await q.query('SELECT 1 FROM kyc_subjects WHERE aadhaar_ref = $1 AND id IS DISTINCT FROM $2::bigint', [ref, self]) : { rows: [] };
      if (rows.length > 0) fields.aadhaar = 'aadhaarTaken';
    }
    if (Object.keys(fields).length > 0) throw new HttpError(409, 'recordTaken', fields);
  }

  async function guarded<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw takenError(error);
      throw error;
    }
  }

  /** A vault ref no subject refers to any more: the number it holds is deleted with it. */
  async function forgetAadhaar(tx: Queryable, ref: string): Promise<void> {
    await tx.query('DELETE FROM aadhaar_vault WHERE ref = $1 AND NOT EXISTS (SELECT 1 FROM kyc_subjects WHERE aadhaar_ref = $1)', [ref]);
  }

  return {
    async create(actor: AuditActor, request: FastifyRequest): Promise<SubjectAnswer> {
      const form = await readKycForm(request);
      let input: unknown;
      if (form.fields.subject === undefined) throw new HttpError(422, 'validation', { subject: 'required' });
      try {
        input = JSON.parse(form.fields.subject);
      } catch {
        throw new HttpError(422, 'validation', { subject: 'invalid' });
      }
      const { values, errors } = checkSubject(input);
      if (!values) throw new HttpError(422, 'validation', errors);
      await assertFree(db, values, null);

      const context = { scanner: fastify.virusScanner };
      const processed: ProcessedFile[] = [];
      // One at a time, each received buffer let go once its processed one exists.
      for (const [index, file] of form.files.entries()) {
        processed.push(await processFile(file, file.field as KycDocumentType, context));
        form.files[index] = undefined as never;
      }

      const { aadhaar, ...details } = values;
      return guarded(async (tx) => {
        const vaulted = aadhaar ? await fastify.aadhaarVault.store(tx, aadhaar) : null;
        const id = await insertSubject(tx, details, vaulted, actor.id);
        for (const file of processed) {
          const document = await documentForUpload(tx, id, file.type);
          const blob = await fastify.blobs.put(tx, file.data, { contentType: file.contentType, filename: file.filename });
          const fileId = await addFile(tx, document.id, document.seq, file, blob, actor.id);
          await recordAudit(tx, {
            actor,
            entity: 'kyc_document',
            entityId: document.id,
            action: 'upload',
            after: { subjectId: Number(id), type: file.type, fileId: Number(fileId), seq: document.seq, filename: file.filename, size: blob.size, sha256: blob.sha256, scanStatus: file.scanStatus },
          });
        }
        await refreshSubjectStatus(tx, id);
        const created = (await findSubject(tx, id, true)) as SubjectAnswer;
        await recordAudit(tx, { actor, entity: 'kyc_subject', entityId: id, action: 'create', after: subjectSnapshot(created) });
        return created;
      });
    },

    /** Fields left out keep their value; `aadhaar` given replaces the number (null or empty removes it). */
    async update(actor: AuditActor, id: string, { version, ...input }: Record<string, unknown> & { version: number }): Promise<SubjectAnswer> {
      return guarded(async (tx) => {
        const stored = orNotFound(await lockSubject(tx, id), 'kycSubjectNotFound');
        if (stored.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: stored.version } });
        const { values, errors } = checkSubject(input, { ...stored, aadhaar: null });
        if (!values) throw new HttpError(422, 'validation', errors);
        const newNumber = input.aadhaar !== undefined ? values.aadhaar : null;
        await assertFree(tx, { pan: values.pan, aadhaar: newNumber }, id);

        const before = (await findSubject(tx, id)) as SubjectAnswer;
        let vaulted = stored.aadhaarRef ? { ref: stored.aadhaarRef, last4: stored.aadhaarLast4 as string } : null;
        if (input.aadhaar !== undefined) vaulted = newNumber ? await fastify.aadhaarVault.store(tx, newNumber) : null;
        const { aadhaar: _number, ...details } = values;
        const same =
          (Object.keys(details) as (keyof typeof details)[]).every((field) => details[field] === stored[field]) && (vaulted?.ref ?? null) === stored.aadhaarRef;
        if (same) return (await findSubject(tx, id, true)) as SubjectAnswer;
        await updateSubject(tx, id, details, vaulted);
        if (stored.aadhaarRef && stored.aadhaarRef !== vaulted?.ref) await forgetAadhaar(tx, stored.aadhaarRef);
        const after = (await findSubject(tx, id, true)) as SubjectAnswer;
        await recordAudit(tx, { actor, entity: 'kyc_subject', entityId: id, action: 'update', before: subjectSnapshot(before), after: subjectSnapshot(after) });
        return after;
      });
    },

    /** The caller takes the subject: its `new` documents become `pending`. */
    async claim(actor: AuditActor, id: string, version: number): Promise<SubjectAnswer> {
      return guarded(async (tx) => {
        const stored = orNotFound(await lockSubject(tx, id), 'kycSubjectNotFound');
        if (stored.version !== version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: stored.version } });
        const before = (await findSubject(tx, id)) as SubjectAnswer;
        await tx.query('UPDATE kyc_subjects SET assignee_id = $2 WHERE id = $1 AND assignee_id IS DISTINCT FROM $2', [id, actor.id]);
        const taken = await tx.query<{ id: string }>(`UPDATE kyc_documents SET status = 'pending' WHERE subject_id = $1 AND status = 'new' RETURNING id::text AS id`, [id]);
        await refreshSubjectStatus(tx, id);
        const after = (await findSubject(tx, id, true)) as SubjectAnswer;
        await recordAudit(tx, {
          actor,
          entity: 'kyc_subject',
          entityId: id,
          action: 'claim',
          before: { assignee: before.assignee?.id ?? null, status: before.status },
          after: { assignee: actor.id, status: after.status, pending: taken.rows.map((row) => Number(row.id)) },
        });
        return after;
      });
    },
  };
}

export type SubjectsService = ReturnType<typeof createSubjectsService>;

/** The stored subject with its documents, or 404. */
export async function subjectOr404(q: Queryable, id: string): Promise<SubjectAnswer> {
  return orNotFound(await findSubject(q, id, true), 'kycSubjectNotFound');
}
