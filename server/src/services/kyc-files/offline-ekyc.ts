import { HttpError } from '../../errors.js';

/** What a UIDAI offline e-KYC file says, read only from its signed data. */
export interface OfflineEkyc {
  /** The file's referenceId: the last 4 Aadhaar digits then the generation time. */
  referenceId: string;
  last4: string;
  /** ISO 8601. */
  generatedAt: string;
  name: string;
  /** YYYY-MM-DD. */
  dob: string;
  gender: 'M' | 'F' | 'T';
  address: { line: string; city: string; state: string; pinCode: string };
  /** The JPEG photo, when the file carries one. */
  photo: Buffer | null;
}

/**
 * Opens a digital Aadhaar: the share-code protected ZIP UIDAI issues (or its XML alone) and
 * checks its signature against the pinned UIDAI certificate.
 * Errors (HttpError 422): `kycShareCode`, `kycAadhaarXmlInvalid`, `kycAadhaarSignature`.
 */
export async function openOfflineEkyc(_data: Buffer, _kind: 'zip' | 'xml', _shareCode: string, _certificatePem: string): Promise<OfflineEkyc> {
  // Step 1 placeholder: nothing is accepted until the signature check exists.
  throw new HttpError(422, 'kycAadhaarXmlInvalid');
}

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The subject's fields the e-KYC disagrees with (`name`, `dob`, `gender`, `pinCode`, `aadhaarLast4`). */
export function ekycMismatches(
  ekyc: OfflineEkyc,
  subject: { name: string; dob: string; gender: string; pinCode: string; aadhaarLast4?: string | null },
): string[] {
  const mismatches: string[] = [];
  if (normalName(ekyc.name) !== normalName(subject.name)) mismatches.push('name');
  if (ekyc.dob !== subject.dob) mismatches.push('dob');
  if (ekyc.gender !== subject.gender) mismatches.push('gender');
  if (ekyc.address.pinCode !== subject.pinCode) mismatches.push('pinCode');
  if (subject.aadhaarLast4 && ekyc.last4 !== subject.aadhaarLast4) mismatches.push('aadhaarLast4');
  return mismatches;
}
