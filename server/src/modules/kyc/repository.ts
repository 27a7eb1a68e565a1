import { subjectStatus, type KycDocumentType, type KycStatus } from '../../../../common/domains/kyc/model.js';
import type { Queryable } from '../../db/index.js';
import type { StoredBlob } from '../../lib/blobs/blob-store.js';
import { documentAnswer, fileAnswer, fileColumns, subjectAnswer, type DocumentAnswer, type FileAnswer, type SubjectAnswer } from './answers.js';
import type { ProcessedFile } from './file-pipeline.js';
import type { SubjectValues } from './subject-input.js';

// SQL of the KYC module: the reads that build the answers, and the writes. Every value is a
// bound parameter; callers pass the transaction a write belongs to.

export const SUBJECT_COLUMNS = `s.id, s.name, to_char(s.dob, 'YYYY-MM-DD') AS dob, s.gender, s.address_line AS "addressLine",
    s.city, s.state, s.pin_code AS "pinCode", s.pan, s.aadhaar_last4 AS "aadhaarLast4", s.status,
    s.assignee_id AS "assigneeId", a.username AS "assigneeUsername", s.created_by AS "createdById", c.username AS "createdByUsername",
    s.created_at AS "createdAt", s.updated_at AS "updatedAt", s.version`;
export const SUBJECT_FROM = 'FROM kyc_subjects s LEFT JOIN users a ON a.id = s.assignee_id JOIN users c ON c.id = s.created_by';
const SUBJECT_SELECT = `SELECT ${SUBJECT_COLUMNS} ${SUBJECT_FROM}`;

export const DOCUMENT_COLUMNS = `d.id, d.subject_id AS "subjectId", s.name AS "subjectName", s.aadhaar_last4 AS "subjectAadhaarLast4", d.type, d.status, d.reason, d.comment,
    d.decided_by AS "decidedById", dby.username AS "decidedByUsername", d.decided_at AS "decidedAt",
    s.assignee_id AS "assigneeId", a.username AS "assigneeUsername", d.version, d.updated_at AS "updatedAt",
    ${fileColumns('f', 'file_', 'fu')}`;
export const DOCUMENT_JOINS = `LEFT JOIN users dby ON dby.id = d.decided_by LEFT JOIN users a ON a.id = s.assignee_id
    LEFT JOIN kyc_document_files f ON f.id = d.current_file_id LEFT JOIN users fu ON fu.id = f.uploaded_by`;
const DOCUMENT_SELECT = `SELECT ${DOCUMENT_COLUMNS} FROM kyc_documents d JOIN kyc_subjects s ON s.id = d.subject_id ${DOCUMENT_JOINS}`;

/** What the checks of a decision, a mask or an upload need of a document (locked when asked). */
export interface DocumentState {
  id: string;
  subjectId: string;
  type: KycDocumentType;
  status: KycStatus;
  version: number;
  currentFileId: string | null;
  currentBlobId: string | null;
  currentContentType: string | null;
  currentUploadedBy: string | null;
  currentMasked: boolean;
  currentScanStatus: string | null;
  /** The current image's size in pixels (null for other files). */
  currentWidth: number | null;
  currentHeight: number | null;
}

export async function findSubject(q: Queryable, id: string, withDocuments = false): Promise<SubjectAnswer | undefined> {
  const { rows } = await q.query(`${SUBJECT_SELECT} WHERE s.id = $1`, [id]);
  if (!rows[0]) return undefined;
  const subject = subjectAnswer(rows[0]);
  if (withDocuments) {
    const documents = await q.query(`${DOCUMENT_SELECT} WHERE d.subject_id = $1 ORDER BY d.id`, [id]);
    subject.documents = documents.rows.map(documentAnswer);
  }
  return subject;
}

export async function findDocument(q: Queryable, id: string, withFiles = false): Promise<DocumentAnswer | undefined> {
  const { rows } = await q.query(`${DOCUMENT_SELECT} WHERE d.id = $1`, [id]);
  if (!rows[0]) return undefined;
  const document = documentAnswer(rows[0]);
  if (withFiles) document.files = await earlierFiles(q, id, document.file?.id ?? null);
  return document;
}

/** The document's other files, newest first. */
async function earlierFiles(q: Queryable, documentId: string, currentId: number | null): Promise<FileAnswer[]> {
  const { rows } = await q.query(
    `SELECT ${fileColumns('f', '', 'fu')} FROM kyc_document_files f JOIN users fu ON fu.id = f.uploaded_by
      WHERE f.document_id = $1 AND f.id IS DISTINCT FROM $2 ORDER BY f.seq DESC`,
    [documentId, currentId],
  );
  return rows.map((row) => fileAnswer(row) as FileAnswer);
}

/** The stored values of a subject, as an edit starts from them (the Aadhaar number is not among them: only its ref). */
export async function lockSubject(
  tx: Queryable,
  id: string,
): Promise<(Omit<SubjectValues, 'aadhaar'> & { version: number; aadhaarRef: string | null; aadhaarLast4: string | null }) | undefined> {
  const { rows } = await tx.query<Omit<SubjectValues, 'aadhaar'> & { version: number; aadhaarRef: string | null; aadhaarLast4: string | null }>(
    `SELECT name, to_char(dob, 'YYYY-MM-DD') AS dob, gender, address_line AS "addressLine", city, state, pin_code AS "pinCode", pan,
            aadhaar_ref AS "aadhaarRef", aadhaar_last4 AS "aadhaarLast4", version
       FROM kyc_subjects WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export async function lockDocument(tx: Queryable, id: string, lock = true): Promise<DocumentState | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT d.id, d.subject_id, d.type, d.status, d.version, d.current_file_id, f.blob_id, f.content_type, f.uploaded_by, f.masked, f.scan_status, f.width, f.height
       FROM kyc_documents d LEFT JOIN kyc_document_files f ON f.id = d.current_file_id
      WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: String(row.id),
    subjectId: String(row.subject_id),
    type: row.type as KycDocumentType,
    status: row.status as KycStatus,
    version: Number(row.version),
    currentFileId: text(row.current_file_id),
    currentBlobId: text(row.blob_id),
    currentContentType: text(row.content_type),
    currentUploadedBy: text(row.uploaded_by),
    currentMasked: row.masked === true,
    currentScanStatus: text(row.scan_status),
    currentWidth: row.width === null || row.width === undefined ? null : Number(row.width),
    currentHeight: row.height === null || row.height === undefined ? null : Number(row.height),
  };
}

export async function insertSubject(
  tx: Queryable,
  values: Omit<SubjectValues, 'aadhaar'>,
  aadhaar: { ref: string; last4: string } | null,
  createdBy: string,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO kyc_subjects (name, dob, gender, address_line, city, state, pin_code, pan, aadhaar_ref, aadhaar_last4, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id::text AS id`,
    [values.name, values.dob, values.gender, values.addressLine, values.city, values.state, values.pinCode, values.pan, aadhaar?.ref ?? null, aadhaar?.last4 ?? null, createdBy],
  );
  return (rows[0] as { id: string }).id;
}

export async function updateSubject(tx: Queryable, id: string, values: Omit<SubjectValues, 'aadhaar'>, aadhaar: { ref: string; last4: string } | null): Promise<void> {
  await tx.query(
    `UPDATE kyc_subjects SET name = $2, dob = $3, gender = $4, address_line = $5, city = $6, state = $7, pin_code = $8, pan = $9,
            aadhaar_ref = $10, aadhaar_last4 = $11
      WHERE id = $1`,
    [id, values.name, values.dob, values.gender, values.addressLine, values.city, values.state, values.pinCode, values.pan, aadhaar?.ref ?? null, aadhaar?.last4 ?? null],
  );
}

/** The document of that type, made (status `new`) when the subject has none yet; its id and the next file's seq. */
export async function documentForUpload(tx: Queryable, subjectId: string, type: KycDocumentType): Promise<{ id: string; created: boolean; seq: number }> {
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO kyc_documents (subject_id, type) VALUES ($1, $2) ON CONFLICT (subject_id, type) DO NOTHING RETURNING id::text AS id`,
    [subjectId, type],
  );
  const id =
    inserted.rows[0]?.id ??
    (await tx.query<{ id: string }>('SELECT id::text AS id FROM kyc_documents WHERE subject_id = $1 AND type = $2 FOR UPDATE', [subjectId, type])).rows[0]?.id;
  if (!id) throw new Error('kyc_documents: the row of an existing (subject, type) was not found');
  const { rows } = await tx.query<{ seq: number }>('SELECT coalesce(max(seq), 0) + 1 AS seq FROM kyc_document_files WHERE document_id = $1', [id]);
  return { id, created: inserted.rows.length > 0, seq: Number(rows[0]?.seq ?? 1) };
}

/** A new file version, made the document's current one: status back to `new`, the decision cleared. */
export async function addFile(tx: Queryable, documentId: string, seq: number, file: ProcessedFile, blob: StoredBlob, uploadedBy: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO kyc_document_files (document_id, seq, blob_id, content_type, filename, size, sha256, width, height, pages, uploaded_by,
                                     scan_status, scan_signature, verification, extracted)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb) RETURNING id::text AS id`,
    [
      documentId,
      seq,
      blob.id,
      file.contentType,
      file.filename,
      blob.size,
      blob.sha256,
      file.width,
      file.height,
      file.pages,
      uploadedBy,
      file.scanStatus,
      file.scanSignature,
      file.verification,
      file.extracted === null ? null : JSON.stringify(file.extracted),
    ],
  );
  const fileId = (rows[0] as { id: string }).id;
  await tx.query(
    `UPDATE kyc_documents SET current_file_id = $2, status = 'new', reason = NULL, comment = NULL, decided_by = NULL, decided_at = NULL WHERE id = $1`,
    [documentId, fileId],
  );
  return fileId;
}

/** The subject's status from its documents' (subjectStatus), written when it changed. */
export async function refreshSubjectStatus(tx: Queryable, subjectId: string): Promise<void> {
  const { rows } = await tx.query<{ type: KycDocumentType; status: KycStatus }>('SELECT type, status FROM kyc_documents WHERE subject_id = $1', [subjectId]);
  await tx.query('UPDATE kyc_subjects SET status = $2 WHERE id = $1 AND status <> $2', [subjectId, subjectStatus(rows)]);
}
