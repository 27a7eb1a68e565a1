import Type, { type Static } from 'typebox';
import { Nullable } from '../../schemas';
import { KYC_DOCUMENT_TYPES, KYC_GENDERS, KYC_REASONS, KYC_SCAN_POLICIES, KYC_SCAN_STATUSES, KYC_STATUSES } from './model';

// The KYC API's answers (docs/kyc.md), written once: the server validates and serialises
// with these schemas (server/src/modules/kyc), and the pages read the types derived from them.


export const UserRef = Type.Object({ id: Type.String(), username: Type.String() });

/** A digital Aadhaar's signed fields, named as the subject's, and `mismatches`: any keys on the wire. */
const Extracted = Type.Unsafe<{ mismatches?: string[] } & Record<string, unknown>>(Type.Record(Type.String(), Type.Unknown()));

/** One uploaded version of a document. */
export const KycFile = Type.Object({
  id: Type.Integer(),
  seq: Type.Integer(),
  contentType: Type.String(),
  filename: Type.String(),
  size: Type.Integer(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  pages: Nullable(Type.Integer()),
  uploadedBy: UserRef,
  uploadedAt: Type.String(),
  scanStatus: Type.Enum([...KYC_SCAN_STATUSES]),
  scanSignature: Nullable(Type.String()),
  masked: Type.Boolean(),
  /** Its bytes are deleted: an unmasked Aadhaar card image once the document's image was masked. */
  removed: Type.Boolean(),
  verification: Nullable(Type.Enum(['verified', 'not_verified'])),
  extracted: Nullable(Extracted),
});

export const KycDocument = Type.Object({
  id: Type.Integer(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  /** The subject's Aadhaar number masked (XXXX-XXXX-1234), null without one: a full number never. */
  subjectAadhaar: Nullable(Type.String()),
  type: Type.Enum([...KYC_DOCUMENT_TYPES]),
  status: Type.Enum([...KYC_STATUSES]),
  reason: Nullable(Type.Enum([...KYC_REASONS])),
  comment: Nullable(Type.String()),
  decidedBy: Nullable(UserRef),
  decidedAt: Nullable(Type.String()),
  assignee: Nullable(UserRef),
  /** The current file's uploader (`file.uploadedBy`), flat for the list's column. */
  uploadedBy: Nullable(UserRef),
  /** Their id: the maker whom maker-checker keeps from deciding (the workflow's `notBy`). */
  uploaderId: Nullable(Type.String()),
  version: Type.Integer(),
  updatedAt: Type.String(),
  file: Nullable(KycFile),
  /** Earlier versions, newest first: on the single-document answer only. */
  files: Type.Optional(Type.Array(KycFile)),
});

/** A subject's own fields, as the form sends them and the server checks them (server/src/modules/kyc/subject-input.ts). */
const SUBJECT_VALUES = {
  name: Type.String(),
  /** YYYY-MM-DD. */
  dob: Type.String(),
  gender: Type.Enum([...KYC_GENDERS]),
  addressLine: Type.String(),
  city: Type.String(),
  state: Type.String(),
  pinCode: Type.String(),
  pan: Nullable(Type.String()),
  /** Sent: the full number (digits only once checked), never logged, answered or audited. Answered: masked, XXXX-XXXX-1234. */
  aadhaar: Nullable(Type.String()),
};
export const KycSubjectValues = Type.Object(SUBJECT_VALUES);

/** A subject as answered: the Aadhaar number masked (XXXX-XXXX-1234), a full number never. */
export const KycSubject = Type.Object({
  id: Type.Integer(),
  ...SUBJECT_VALUES,
  status: Type.Enum([...KYC_STATUSES]),
  assignee: Nullable(UserRef),
  createdBy: UserRef,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
  /** Accepted values a person should look at again, by field: `{pan: ['panSurnameInitial']}`. */
  warnings: Type.Record(Type.String(), Type.Array(Type.String())),
  documents: Type.Optional(Type.Array(KycDocument)),
});

export const KycSettings = Type.Object({
  scanPolicy: Type.Enum([...KYC_SCAN_POLICIES]),
  scannerConfigured: Type.Boolean(),
  certificate: Nullable(Type.Object({ subject: Type.String(), issuer: Type.String(), notAfter: Type.String(), fingerprint256: Type.String() })),
});

export type UserRefAnswer = Static<typeof UserRef>;
export type FileAnswer = Static<typeof KycFile>;
export type DocumentAnswer = Static<typeof KycDocument>;
export type SubjectValues = Static<typeof KycSubjectValues>;
export type SubjectAnswer = Static<typeof KycSubject>;
export type SettingsAnswer = Static<typeof KycSettings>;
