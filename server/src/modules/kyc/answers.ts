import type { DocumentAnswer, FileAnswer, SubjectAnswer, UserRefAnswer as UserRef } from '../../../../common/domains/kyc/schemas.js';
import type { KycDocumentType, KycGender, KycReason, KycScanStatus, KycStatus } from '../../../../common/domains/kyc/model.js';
import { maskAadhaar } from '../../../../common/domains/kyc/rules.js';
import { isoOf } from '../../lib/paging.js';
import { subjectWarnings } from './subject-input.js';

// Rows of the KYC queries (repository.ts) turned into the answers of docs/kyc.md
// (common/domains/kyc/schemas.ts). The SELECT lists there name their columns after these rows' fields.

export type { DocumentAnswer, FileAnswer, SubjectAnswer, UserRef };

type Row = Record<string, unknown>;

const userRef = (id: unknown, username: unknown): UserRef | null =>
  id === null || id === undefined ? null : { id: String(id), username: String(username) };
const orNull = <T>(value: unknown, map: (value: unknown) => T): T | null => (value === null || value === undefined ? null : map(value));

/** The columns of a file, `prefix` naming them in a joined row (the document's current file). */
export function fileColumns(alias: string, prefix: string, uploader: string): string {
  const column = (expression: string, name: string) => `${expression} AS "${prefix}${name}"`;
  return [
    column(`${alias}.id`, 'id'),
    column(`${alias}.seq`, 'seq'),
    column(`${alias}.content_type`, 'contentType'),
    column(`${alias}.filename`, 'filename'),
    column(`${alias}.size`, 'size'),
    column(`${alias}.width`, 'width'),
    column(`${alias}.height`, 'height'),
    column(`${alias}.pages`, 'pages'),
    column(`${alias}.uploaded_by`, 'uploadedById'),
    column(`${uploader}.username`, 'uploadedByUsername'),
    column(`${alias}.uploaded_at`, 'uploadedAt'),
    column(`${alias}.scan_status`, 'scanStatus'),
    column(`${alias}.scan_signature`, 'scanSignature'),
    column(`${alias}.masked`, 'masked'),
    column(`${alias}.removed`, 'removed'),
    column(`${alias}.verification`, 'verification'),
    column(`${alias}.extracted`, 'extracted'),
  ].join(', ');
}

export function fileAnswer(row: Row, prefix = ''): FileAnswer | null {
  const field = (name: string) => row[`${prefix}${name}`];
  if (field('id') === null || field('id') === undefined) return null;
  return {
    id: Number(field('id')),
    seq: Number(field('seq')),
    contentType: String(field('contentType')),
    filename: String(field('filename')),
    size: Number(field('size')),
    width: orNull(field('width'), Number),
    height: orNull(field('height'), Number),
    pages: orNull(field('pages'), Number),
    uploadedBy: userRef(field('uploadedById'), field('uploadedByUsername')) as UserRef,
    uploadedAt: isoOf(field('uploadedAt')),
    scanStatus: field('scanStatus') as KycScanStatus,
    scanSignature: orNull(field('scanSignature'), String),
    masked: Boolean(field('masked')),
    removed: Boolean(field('removed')),
    verification: (field('verification') ?? null) as FileAnswer['verification'],
    extracted: (field('extracted') ?? null) as Record<string, unknown> | null,
  };
}

export function documentAnswer(row: Row): DocumentAnswer {
  const file = fileAnswer(row, 'file_');
  return {
    id: Number(row.id),
    subjectId: Number(row.subjectId),
    subjectName: String(row.subjectName),
    subjectAadhaar: orNull(row.subjectAadhaarLast4, (last4) => maskAadhaar(String(last4))),
    type: row.type as KycDocumentType,
    status: row.status as KycStatus,
    reason: (row.reason ?? null) as KycReason | null,
    comment: orNull(row.comment, String),
    decidedBy: userRef(row.decidedById, row.decidedByUsername),
    decidedAt: orNull(row.decidedAt, isoOf),
    assignee: userRef(row.assigneeId, row.assigneeUsername),
    uploadedBy: file?.uploadedBy ?? null,
    uploaderId: file ? file.uploadedBy.id : null,
    version: Number(row.version),
    updatedAt: isoOf(row.updatedAt),
    file,
  };
}

export function subjectAnswer(row: Row): SubjectAnswer {
  const name = String(row.name);
  const pan = orNull(row.pan, String);
  return {
    id: Number(row.id),
    name,
    dob: String(row.dob),
    gender: row.gender as KycGender,
    addressLine: String(row.addressLine),
    city: String(row.city),
    state: String(row.state),
    pinCode: String(row.pinCode),
    pan,
    aadhaar: orNull(row.aadhaarLast4, (last4) => maskAadhaar(String(last4))),
    status: row.status as KycStatus,
    assignee: userRef(row.assigneeId, row.assigneeUsername),
    createdBy: userRef(row.createdById, row.createdByUsername) as UserRef,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    version: Number(row.version),
    warnings: subjectWarnings({ name, pan }),
  };
}
