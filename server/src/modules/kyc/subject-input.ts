import type { SubjectValues } from '../../../../common/domains/kyc/schemas.js';
import { INDIAN_STATES, KYC_GENDERS, PIN_CODE_PATTERN, surnameOf } from '../../../../common/domains/kyc/model.js';
import { aadhaarDigits, checkAadhaar, checkPan } from '../../../../common/domains/kyc/rules.js';
import type { FieldReasonCode } from '../../../../common/messages.js';
import type { FieldRefusal } from '../../errors.js';
import { unsafeTextPath } from '../../plugins/app/safe-text.js';

// A subject's fields as a person typed them, checked all at once: every bad field is named
// in one answer (FIELD_REASONS codes), warnings are kept apart. Pure: no database here (the
// 409s for a PAN or an Aadhaar number already taken come later, from the service).

export type { SubjectValues };

export type SubjectField = keyof SubjectValues;
const TEXT_LIMITS: Partial<Record<SubjectField, number>> = { name: 100, addressLine: 200, city: 100 };
const REQUIRED: readonly SubjectField[] = ['name', 'dob', 'gender', 'addressLine', 'city', 'state', 'pinCode'];
const FIELDS: readonly SubjectField[] = [...REQUIRED, 'pan', 'aadhaar'];

export interface SubjectCheck {
  /** Only when there are no errors. */
  values?: SubjectValues;
  errors: Record<string, FieldRefusal>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Today as YYYY-MM-DD in India (UTC+5:30), where the subjects are born. */
export function todayInIndia(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The typed text of each field, trimmed; PAN upper-cased and Aadhaar without spaces or hyphens, as people write them. */
function normalise(field: SubjectField, value: string): string {
  const trimmed = value.trim();
  if (field === 'pan') return trimmed.toUpperCase();
  if (field === 'aadhaar') return aadhaarDigits(trimmed);
  return trimmed;
}

/**
 * Checks `input` (the `subject` part's JSON, or a PUT's body) over `base` (the stored subject
 * for an edit: fields left out keep their value). PAN and Aadhaar may be left empty (null).
 */
export function checkSubject(input: unknown, base?: SubjectValues, today = todayInIndia()): SubjectCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { errors: { subject: 'invalid' } };
  const given = input as Record<string, unknown>;
  const errors: Record<string, FieldRefusal> = {};
  const merged: Record<string, string | null> = {};
  for (const field of FIELDS) {
    const value = given[field];
    if (value === undefined) {
      merged[field] = base ? base[field] : null;
      continue;
    }
    if (value === null || value === '') {
      merged[field] = null;
      continue;
    }
    if (typeof value !== 'string') {
      errors[field] = { code: 'type', params: { type: 'string' } };
      continue;
    }
    if (unsafeTextPath(value, field) !== null) {
      errors[field] = 'badCharacters';
      continue;
    }
    // Only the vault keeps the digits (the caller stores them): here they are only compared.
    merged[field] = normalise(field, value) || null;
  }

  const text = (field: SubjectField) => merged[field] ?? null;
  for (const field of REQUIRED) if (!errors[field] && text(field) === null) errors[field] = 'required';
  for (const [field, limit] of Object.entries(TEXT_LIMITS) as [SubjectField, number][]) {
    const value = text(field);
    if (!errors[field] && value !== null && value.length > limit) errors[field] = { code: 'tooLong', params: { limit } };
  }
  const dob = text('dob');
  if (!errors.dob && dob !== null) {
    if (!isCalendarDate(dob) || dob < '1900-01-01') errors.dob = 'date';
    else if (dob > today) errors.dob = 'notInFuture';
  }
  const gender = text('gender');
  if (!errors.gender && gender !== null && !(KYC_GENDERS as readonly string[]).includes(gender)) {
    errors.gender = { code: 'oneOf', params: { values: KYC_GENDERS.join(', ') } };
  }
  const state = text('state');
  if (!errors.state && state !== null && !(INDIAN_STATES as readonly string[]).includes(state)) errors.state = 'invalid';
  const pinCode = text('pinCode');
  if (!errors.pinCode && pinCode !== null && !PIN_CODE_PATTERN.test(pinCode)) errors.pinCode = 'pinCode';
  const pan = text('pan');
  if (!errors.pan && pan !== null) {
    const [error] = checkPan(pan, surnameOf(text('name') ?? '')).errors;
    if (error) errors.pan = error;
  }
  const aadhaar = text('aadhaar');
  if (!errors.aadhaar && aadhaar !== null) {
    const [error] = checkAadhaar(aadhaar).errors;
    if (error) errors.aadhaar = error;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { values: merged as unknown as SubjectValues, errors };
}

/** The warnings of a stored or checked subject, by field (answered with every subject). */
export function subjectWarnings(subject: { name: string; pan: string | null }): Record<string, FieldReasonCode[]> {
  if (!subject.pan) return {};
  const { warnings } = checkPan(subject.pan, surnameOf(subject.name));
  return warnings.length > 0 ? { pan: warnings } : {};
}
