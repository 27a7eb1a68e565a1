import type { SubjectAnswer as KycSubject } from '../../../common/domains/kyc/schemas';
import { useModuleApiPath } from '../../registry/resource-urls';
import type { KycDecision, KycReason, KycScanPolicy } from '../../../common/domains/kyc/model';

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
    /** A decision as the workflow's transition (common/resources/kyc-documents.ts): what the review sends. */
    transition: (documentId: string | number, name: string) => `${base}/documents/${encodeURIComponent(String(documentId))}/transitions/${encodeURIComponent(name)}`,
    mask: (documentId: string | number) => `${base}/documents/${encodeURIComponent(String(documentId))}/mask`,
    settings: `${base}/settings`,
  } as const;
}

export type KycApi = ReturnType<typeof kycApi>;

// The answers' shapes are the server's own (common/domains/kyc/schemas.ts: types derived from the server's TypeBox schemas), under the names the pages use.
export type { UserRefAnswer as KycUserRef, FileAnswer as KycFile, DocumentAnswer as KycDocument, SubjectAnswer as KycSubject } from '../../../common/domains/kyc/schemas';

export function useKycApi(): KycApi {
  return kycApi(useModuleApiPath('kyc-documents'));
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
