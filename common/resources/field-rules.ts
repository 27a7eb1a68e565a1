import { MAIL_DOMAIN_PATTERN } from '../config/values';
import { USERNAME_PATTERN } from '../protocol/constants';
import { EMAIL_CHARS_PATTERN, EMAIL_SHAPE, ISIN_PATTERN, TEXT_PATTERN } from '../domains/news/company-rules';
import { AADHAAR_PATTERN, checkAadhaar, checkPan, type KycCheck } from '../domains/kyc/rules';
import type { FieldReasonCode } from '../messages';

// Rules a field definition names, shared by the server (its TypeBox schema gets the
// pattern, and a 422 names the reason) and the client (its antd form rule gets the same
// pattern and words the reason). Plain data: each side builds its own checker from it.

export interface FieldRule {
  /** A regular expression source, as JSON Schema's `pattern` and RegExp both take it. */
  pattern: string;
  /** What a value that breaks it is told: a code of the message catalogue (common/messages.ts). */
  reason: FieldReasonCode;
  /**
   * What a pattern cannot say (a check digit, a warning): run on a value the pattern
   * accepts, its errors refuse it and its warnings only flag it. Today the generic schema
   * and form apply the pattern; a caller with the value in hand (the KYC routes and
   * screens) runs this too.
   */
  check?: (value: string) => KycCheck;
}

export const FIELD_RULES = {
  /** Letters, digits and spaces (API.md: company text fields). */
  letters: { pattern: TEXT_PATTERN.source, reason: 'letters' },
  /** Also '@' and '.' (API.md: company email and website). */
  emailLetters: { pattern: EMAIL_CHARS_PATTERN.source, reason: 'emailLetters' },
  /** An address of letters, digits and dots (API.md: company email), or nothing. */
  companyEmail: { pattern: `^$|${EMAIL_SHAPE.source}`, reason: 'email' },
  isin: { pattern: ISIN_PATTERN.source, reason: 'isin' },
  mailDomain: { pattern: MAIL_DOMAIN_PATTERN, reason: 'mailDomain' },
  username: { pattern: USERNAME_PATTERN.source, reason: 'username' },
  /** A new password: 8 to 200 characters with a letter and a digit (the forms show it before submitting). */
  password: { pattern: '^(?=.*[A-Za-z])(?=.*[0-9]).{8,200}$', reason: 'password' },
  notBlank: { pattern: '\\S', reason: 'notBlank' },
  /** A PAN with a known holder type (./kyc-rules; E is accepted with a warning by `check`). */
  pan: { pattern: '^[A-Z]{3}[PCHFATBLJGE][A-Z][0-9]{4}[A-Z]$', reason: 'panFormat', check: (value) => checkPan(value) },
  /** 12 digits, the first 2–9; `check` adds the Verhoeff check digit. */
  aadhaar: { pattern: AADHAAR_PATTERN.source, reason: 'aadhaarFormat', check: checkAadhaar },
} as const satisfies Record<string, FieldRule>;

export type FieldRuleName = keyof typeof FIELD_RULES;

/** A date's or datetime's instant (an ISO string, a Date, a dayjs), NaN when it has none. */
function instant(value: unknown): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return new Date(value as string | number | Date).getTime();
}

/**
 * A field's `notBefore` rule broken: both values set and this one not later than the other.
 * An unset or unreadable value is left to `required` and the type's own check.
 */
export function notBeforeBroken(value: unknown, earliest: unknown): boolean {
  const [later, earlier] = [instant(value), instant(earliest)];
  return !Number.isNaN(later) && !Number.isNaN(earlier) && later <= earlier;
}
