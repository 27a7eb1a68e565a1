import { useModuleApiPath } from '../../resources/resource-urls';
import type { KycDecision, KycDocumentType, KycGender, KycReason, KycScanPolicy, KycScanStatus, KycStatus } from '../../resources/kyc-model';

// The KYC calls besides the documents list (docs/kyc.md), beside the documents' endpoint
// in the registry: `/be-api-management/kyc/...`.
export function kycApi(base: string) {
  return {
    subjects: `${base}/subjects`,
    subject: (id: string | number) => `${base}/subjects/${encodeURIComponent(String(id))}`,
    claim: (id: string | number) => `${base}/subjects/${encodeURIComponent(String(id))}/claim`,
    documents: (id: string | number, type: string) => `${base}/subjects/${encodeURIComponent(String(id))}/documents/${encodeURIComponent(type)}`,
    file: (documentId: string | number) => `${base}/documents/${encodeURIComponent(String(documentId))}/file`,
    decision: (documentId: string | number) => `${base}/documents/${encodeURIComponent(String(documentId))}/decision`,
    mask: (documentId: string | number) => `${base}/documents/${encodeURIComponent(String(documentId))}/mask`,
    settings: `${base}/settings`,
  } as const;
}

export type KycApi = ReturnType<typeof kycApi>;

export function useKycApi(): KycApi {
  return kycApi(useModuleApiPath('kyc-documents'));
}

export interface KycUserRef {
  id: string;
  username: string;
}

/** Fields read from a digital Aadhaar's signed data, and the subject's fields they disagree with. */
export interface KycExtracted {
  name?: string;
  dob?: string;
  gender?: string;
  address?: string;
  pinCode?: string;
  aadhaarLast4?: string;
  mismatches?: string[];
  [field: string]: unknown;
}

export interface KycFile {
  id: number;
  seq: number;
  contentType: string;
  filename: string;
  size: number;
  width: number | null;
  height: number | null;
  pages: number | null;
  uploadedBy: KycUserRef | null;
  uploadedAt: string;
  scanStatus: KycScanStatus;
  scanSignature: string | null;
  masked: boolean;
  /** Its bytes are gone (an unmasked Aadhaar image once a later version was masked): listed, not viewable. */
  removed?: boolean;
  verification: 'verified' | 'not_verified' | null;
  extracted: KycExtracted | null;
}

export interface KycDocument {
  id: number;
  subjectId: number;
  subjectName: string;
  type: KycDocumentType;
  status: KycStatus;
  reason: KycReason | null;
  comment: string | null;
  decidedBy: KycUserRef | null;
  decidedAt: string | null;
  assignee: KycUserRef | null;
  version: number;
  updatedAt: string;
  file: KycFile | null;
  /** Earlier versions, newest first: on the single-document answer only. */
  files?: KycFile[];
}

export interface KycSubject {
  id: number;
  name: string;
  dob: string;
  gender: KycGender;
  addressLine: string;
  city: string;
  state: string;
  pinCode: string;
  pan: string | null;
  /** Always masked: XXXX-XXXX-1234. */
  aadhaar: string | null;
  status: KycStatus;
  assignee: KycUserRef | null;
  createdBy: KycUserRef | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  warnings?: Record<string, string[]>;
  documents?: KycDocument[];
}

/** The subject as the upload form sends it (field `subject` of the multipart POST): the full Aadhaar number, once. */
export type KycSubjectInput = Pick<KycSubject, 'name' | 'dob' | 'gender' | 'addressLine' | 'city' | 'state' | 'pinCode'> & { pan: string; aadhaar: string };

export const KYC_SUBJECT_FIELDS = ['name', 'dob', 'gender', 'addressLine', 'city', 'state', 'pinCode', 'pan', 'aadhaar'] as const;

export interface KycDecisionInput {
  decision: KycDecision;
  reason?: KycReason;
  comment?: string;
  version: number;
}

export interface KycRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface KycSettings {
  scanPolicy: KycScanPolicy;
  scannerConfigured: boolean;
  certificate: null | { subject: string; issuer: string; notAfter: string; fingerprint256: string };
}
