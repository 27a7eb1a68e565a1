import { HttpError } from '../../../errors.js';
import { EKYC_MAX_XML_BYTES, readEkycZip } from './ekyc-zip.js';
import { decodeXml, onlyChild, optionalChild, signedRoot, verifiedSignedXml } from './ekyc-signature.js';

// UIDAI's Paperless Offline e-KYC (https://uidai.gov.in, "Aadhaar Paperless Offline e-KYC"):
//   <OfflinePaperlessKyc referenceId="<last 4 digits><YYYYMMDDHHMMSSsss>">
//     <UidData>
//       <Poi dob="DD-MM-YYYY" e="<hash>" gender="M|F|T" m="<hash>" name="…"/>
//       <Poa careof country dist house landmark loc pc po state street subdist vtc/>
//       <Pht>base64 JPEG</Pht>
//     </UidData>
//     <Signature xmlns="http://www.w3.org/2000/09/xmldsig#">…</Signature>
//   </OfflinePaperlessKyc>
// Every field is read from the signed XML only (ekyc-signature.ts).

/** What a UIDAI offline e-KYC file says, read only from its signed data. */
export interface OfflineEkyc {
  /** The file's referenceId: the last 4 Aadhaar digits then the generation time. */
  referenceId: string;
  last4: string;
  /** ISO 8601 (UTC), from the referenceId's time, which is India Standard Time. */
  generatedAt: string;
  name: string;
  /** YYYY-MM-DD; only YYYY for the holders whose UIDAI record has a year of birth alone. */
  dob: string;
  gender: 'M' | 'F' | 'T';
  /** line: house, street, landmark, locality, village/town/city; city: the district, else the village/town/city. */
  address: { line: string; city: string; state: string; pinCode: string };
  /** The JPEG photo, when the file carries one. */
  photo: Buffer | null;
}

const notEkyc = () => new HttpError(422, 'kycAadhaarXmlInvalid');

const REFERENCE_ID = /^(\d{4})(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})$/;

function generatedAtOf(referenceId: string): { last4: string; generatedAt: string } {
  const parts = REFERENCE_ID.exec(referenceId);
  if (!parts) throw notEkyc();
  const [, last4, year, month, day, hour, minute, second, millis] = parts as unknown as string[];
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}+05:30`;
  const time = new Date(iso);
  // Date rolls 31-02 over to March: compare back so an impossible date is refused.
  if (Number.isNaN(time.getTime()) || new Date(time.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10) !== `${year}-${month}-${day}`) {
    throw notEkyc();
  }
  return { last4: last4!, generatedAt: time.toISOString() };
}

/** "DD-MM-YYYY" (or with slashes) → "YYYY-MM-DD"; a year alone stays a year. */
function dobOf(value: string): string {
  const year = /^\d{4}$/.exec(value);
  if (year) return value;
  const parts = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  if (!parts) throw notEkyc();
  const iso = `${parts[3]}-${parts[2]}-${parts[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) throw notEkyc();
  return iso;
}

function genderOf(value: string): OfflineEkyc['gender'] {
  if (value === 'M' || value === 'F' || value === 'T') return value;
  throw notEkyc();
}

function photoOf(text: string): Buffer | null {
  const base64 = text.replace(/\s+/g, '');
  if (base64 === '') return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw notEkyc();
  return Buffer.from(base64, 'base64');
}

function addressOf(poa: Element | null): OfflineEkyc['address'] {
  const read = (name: string) => poa?.getAttribute(name)?.trim().replace(/\s+/g, ' ') ?? '';
  const parts = ['house', 'street', 'landmark', 'loc', 'vtc'].map(read).filter((part) => part !== '');
  // Villages repeat the locality as the vtc: say it once.
  const line = parts.filter((part, index) => parts.indexOf(part) === index).join(', ');
  return { line, city: read('dist') || read('vtc'), state: read('state'), pinCode: read('pc') };
}

/** The fields of a signed offline e-KYC document (the XML getSignedReferences answered). */
export function ekycFields(signedXml: string): OfflineEkyc {
  const root = signedRoot(signedXml);
  const referenceId = root.getAttribute('referenceId') ?? '';
  const uidData = onlyChild(root, 'UidData');
  const poi = onlyChild(uidData, 'Poi');
  const name = poi.getAttribute('name')?.trim().replace(/\s+/g, ' ') ?? '';
  if (name === '') throw notEkyc();
  return {
    referenceId,
    ...generatedAtOf(referenceId),
    name,
    dob: dobOf(poi.getAttribute('dob') ?? ''),
    gender: genderOf(poi.getAttribute('gender') ?? ''),
    address: addressOf(optionalChild(uidData, 'Poa')),
    photo: photoOf(optionalChild(uidData, 'Pht')?.textContent ?? ''),
  };
}

/**
 * Opens a digital Aadhaar: the share-code protected ZIP UIDAI issues (or its XML alone) and
 * checks its signature against the pinned UIDAI certificate.
 * Errors (HttpError 422): `kycShareCode`, `kycAadhaarXmlInvalid`, `kycAadhaarSignature`.
 */
export async function openOfflineEkyc(data: Buffer, kind: 'zip' | 'xml', shareCode: string, certificatePem: string): Promise<OfflineEkyc> {
  const xml = kind === 'zip' ? await readEkycZip(data, shareCode) : data;
  if (xml.length > EKYC_MAX_XML_BYTES) throw notEkyc();
  return ekycFields(verifiedSignedXml(decodeXml(xml), certificatePem));
}

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The subject's fields the e-KYC disagrees with (`name`, `dob`, `gender`, `pinCode`,
 * `aadhaarLast4`). Names are compared ignoring case and spacing; a year-only e-KYC birth date
 * is compared with the subject's year.
 */
export function ekycMismatches(
  ekyc: OfflineEkyc,
  subject: { name: string; dob: string; gender: string; pinCode: string; aadhaarLast4?: string | null },
): string[] {
  const mismatches: string[] = [];
  if (normalName(ekyc.name) !== normalName(subject.name)) mismatches.push('name');
  if (ekyc.dob.length === 4 ? subject.dob.slice(0, 4) !== ekyc.dob : ekyc.dob !== subject.dob) mismatches.push('dob');
  if (ekyc.gender !== subject.gender) mismatches.push('gender');
  if (ekyc.address.pinCode !== subject.pinCode) mismatches.push('pinCode');
  if (subject.aadhaarLast4 && ekyc.last4 !== subject.aadhaarLast4) mismatches.push('aadhaarLast4');
  return mismatches;
}
