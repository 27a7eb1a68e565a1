// The KYC area's vocabulary (issue 11, docs/kyc.md), one module for the server and the
// client: document types, decision states and their transitions, rejection reasons and the
// documents a subject needs. Plain data and pure functions only: the server imports it.

/** SPEC.md's KYC field labels name these: PanCard, DigitalPanCard, AadhaarCard, DigitalAadhaarCard, Signatures, Picture. */
export const KYC_DOCUMENT_TYPES = ['pan_card', 'digital_pan', 'aadhaar_card', 'digital_aadhaar', 'signature', 'picture'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** What each type accepts, read from the bytes (server/src/lib/blobs/sniff.ts kinds). */
export const KYC_ACCEPTED_KINDS: Record<KycDocumentType, readonly ('jpeg' | 'png' | 'webp' | 'pdf' | 'zip' | 'xml')[]> = {
  pan_card: ['jpeg', 'png', 'webp', 'pdf'],
  digital_pan: ['pdf'],
  aadhaar_card: ['jpeg', 'png', 'webp'],
  digital_aadhaar: ['zip', 'xml'],
  signature: ['jpeg', 'png', 'webp'],
  picture: ['jpeg', 'png', 'webp'],
};

/** 10 MB a file (issue 11). */
export const KYC_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Images past this many pixels are refused before decoding (a decompression bomb is small on the wire). */
export const KYC_MAX_PIXELS = 40_000_000;

/**
 * Each group needs one approved document for the subject to be approved: PAN as a card or an
 * e-PAN, Aadhaar as a card image or the digital (offline e-KYC) file, and a picture. A
 * signature is optional.
 */
export const KYC_REQUIRED_GROUPS: readonly (readonly KycDocumentType[])[] = [
  ['pan_card', 'digital_pan'],
  ['aadhaar_card', 'digital_aadhaar'],
  ['picture'],
];

/**
 * `new` uploaded (or re-uploaded) and not yet taken; `pending` a reviewer has taken the
 * subject; then a decision. A subject's status is derived from its documents (subjectStatus).
 */
export const KYC_STATUSES = ['new', 'pending', 'approved', 'rejected', 'revision'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_DECISIONS = ['approve', 'reject', 'revision', 'reset'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** The status a decision leads to, from the statuses it may be taken in. */
export const KYC_TRANSITIONS: Record<KycDecision, { from: readonly KycStatus[]; to: KycStatus }> = {
  approve: { from: ['new', 'pending'], to: 'approved' },
  reject: { from: ['new', 'pending'], to: 'rejected' },
  revision: { from: ['new', 'pending'], to: 'revision' },
  reset: { from: ['approved', 'rejected', 'revision'], to: 'pending' },
};

/** Reject and revision need one of these; approve and reset take none. */
export const KYC_REASONS = ['bad_quality', 'missing_page', 'expired', 'name_mismatch', 'altered', 'wrong_type', 'other'] as const;
export type KycReason = (typeof KYC_REASONS)[number];

export const KYC_GENDERS = ['M', 'F', 'T'] as const;
export type KycGender = (typeof KYC_GENDERS)[number];

/** Scanning policy an Admin sets: `required` blocks approval until a clean scan; `off` approves without one. */
export const KYC_SCAN_POLICIES = ['required', 'off'] as const;
export type KycScanPolicy = (typeof KYC_SCAN_POLICIES)[number];

/** `skipped`: no scanner configured when it was stored. */
export const KYC_SCAN_STATUSES = ['clean', 'skipped', 'error'] as const;
export type KycScanStatus = (typeof KYC_SCAN_STATUSES)[number];

/** India PIN code: 6 digits, the first 1–9. */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;

/** The 28 states and 8 union territories, as the address's `state` select offers them. */
export const INDIAN_STATES = [
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana',
  'Himachal Pradesh', 'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur',
  'Meghalaya', 'Mizoram', 'Nagaland', 'Odisha', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana',
  'Tripura', 'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
  'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi',
  'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Puducherry',
] as const;

export function canDecide(decision: KycDecision, status: KycStatus): boolean {
  return KYC_TRANSITIONS[decision].from.includes(status);
}

/**
 * A subject's status from its documents' current statuses: rejected if any is, else revision
 * if any is, else approved when every required group has an approved document, else pending
 * when a reviewer has taken any, else new.
 */
export function subjectStatus(documents: readonly { type: KycDocumentType; status: KycStatus }[]): KycStatus {
  const statuses = documents.map((document) => document.status);
  if (statuses.includes('rejected')) return 'rejected';
  if (statuses.includes('revision')) return 'revision';
  const approved = new Set(documents.filter((document) => document.status === 'approved').map((document) => document.type));
  if (KYC_REQUIRED_GROUPS.every((group) => group.some((type) => approved.has(type)))) return 'approved';
  if (statuses.some((status) => status !== 'new')) return 'pending';
  return 'new';
}

/** The surname for PAN's 5th-letter check: the last word of the name. */
export function surnameOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}
