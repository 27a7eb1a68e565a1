import type { KycDocumentType, KycGender, KycReason, KycScanStatus, KycStatus } from './kyc-model';

// The KYC API's answers (docs/kyc.md) as types, one set for the server that builds them
// (server/src/modules/kyc/answers.ts) and the pages that read them.

export interface UserRef {
  id: string;
  username: string;
}

/** One uploaded version of a document. */
export interface FileAnswer {
  id: number;
  seq: number;
  contentType: string;
  filename: string;
  size: number;
  width: number | null;
  height: number | null;
  pages: number | null;
  uploadedBy: UserRef;
  uploadedAt: string;
  scanStatus: KycScanStatus;
  scanSignature: string | null;
  masked: boolean;
  removed: boolean;
  verification: 'verified' | 'not_verified' | null;
  /** A digital Aadhaar's signed fields, named as the subject's, and `mismatches`. */
  extracted: ({ mismatches?: string[] } & Record<string, unknown>) | null;
}

export interface DocumentAnswer {
  id: number;
  subjectId: number;
  subjectName: string;
  type: KycDocumentType;
  status: KycStatus;
  reason: KycReason | null;
  comment: string | null;
  decidedBy: UserRef | null;
  decidedAt: string | null;
  assignee: UserRef | null;
  version: number;
  updatedAt: string;
  file: FileAnswer | null;
  /** Earlier versions, newest first: on the single-document answer only. */
  files?: FileAnswer[];
}

/** A subject's own fields, as the form sends them and the server checks them (server/src/modules/kyc/subject-input.ts). */
export interface SubjectValues {
  name: string;
  /** YYYY-MM-DD. */
  dob: string;
  gender: KycGender;
  addressLine: string;
  city: string;
  state: string;
  pinCode: string;
  pan: string | null;
  /** Sent: the full number (digits only once checked), never logged, answered or audited. Answered: masked, XXXX-XXXX-1234. */
  aadhaar: string | null;
}

/** A subject as answered: the Aadhaar number masked (XXXX-XXXX-1234). */
export interface SubjectAnswer extends SubjectValues {
  id: number;
  status: KycStatus;
  assignee: UserRef | null;
  createdBy: UserRef;
  createdAt: string;
  updatedAt: string;
  version: number;
  warnings: Record<string, string[]>;
  documents?: DocumentAnswer[];
}
