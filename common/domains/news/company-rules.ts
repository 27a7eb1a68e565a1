// The company rule (API.md: text fields take letters, digits and spaces; the
// email and website fields also '@' and '.'), shared by the client's edit form
// and upload preview and the server's update-company and upload-companies, so
// a row the preview accepts is a row the server accepts.
// Pure data and functions: no React, no Node, no DOM.

/** The upload template's columns, in the template's order; a company's editable fields. */
export const COMPANY_FIELDS = [
  'compName',
  'isin',
  'ticker',
  'exchange',
  'sector',
  'website',
  'email',
  'phone',
  'address',
  'isActive',
] as const;

export type CompanyField = (typeof COMPANY_FIELDS)[number];
export type CompanyTextField = Exclude<CompanyField, 'isActive'>;

export const TEXT_PATTERN = /^[A-Za-z0-9 ]*$/;
export const EMAIL_CHARS_PATTERN = /^[A-Za-z0-9 @.]*$/;
export const EMAIL_SHAPE = /^[A-Za-z0-9.]+@[A-Za-z0-9]+(\.[A-Za-z0-9]+)+$/;
/** Two capital letters, nine capital letters or digits, a check digit. */
export const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

export interface TextFieldRule {
  max: number;
  /** `text`: letters, digits, spaces; `email`: also '@' and '.'. */
  chars: 'text' | 'email';
  required?: boolean;
}

export const COMPANY_TEXT_RULES: Record<CompanyTextField, TextFieldRule> = {
  compName: { max: 200, chars: 'text', required: true },
  isin: { max: 12, chars: 'text', required: true },
  ticker: { max: 20, chars: 'text' },
  exchange: { max: 20, chars: 'text' },
  sector: { max: 100, chars: 'text' },
  website: { max: 200, chars: 'email' },
  email: { max: 254, chars: 'email' },
  phone: { max: 30, chars: 'text' },
  address: { max: 500, chars: 'text' },
};

export const COMPANY_TEXT_FIELDS = Object.keys(COMPANY_TEXT_RULES) as CompanyTextField[];

export const BOOLEAN_TRUE: readonly string[] = ['true', 'yes', 'y', '1'];
export const BOOLEAN_FALSE: readonly string[] = ['false', 'no', 'n', '0'];

/** Codes, not sentences: each side words them in its own language. */
export type CompanyRuleReason =
  | 'required'
  | 'invalidCharacters'
  | 'invalidEmailCharacters'
  | 'tooLong'
  | 'invalidIsin'
  | 'invalidEmail'
  | 'invalidBoolean'
  | 'formula'
  | 'duplicateIsin';

export interface CompanyFieldError {
  field: CompanyField;
  reason: CompanyRuleReason;
}

/** Upload limits both sides apply before reading a row. */
export const COMPANY_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const COMPANY_UPLOAD_MAX_ROWS = 50_000;
/** An .xlsx is a zip archive: its first four bytes are "PK\x03\x04". */
export const XLSX_MAGIC: readonly number[] = [0x50, 0x4b, 0x03, 0x04];

export function hasXlsxMagic(bytes: Uint8Array): boolean {
  return XLSX_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** `true`/`false` from a cell or form value; an empty one means active. Null when unreadable. */
export function parseCompanyBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null) return true;
  const text = String(value).trim().toLowerCase();
  if (text === '') return true;
  if (BOOLEAN_TRUE.includes(text)) return true;
  if (BOOLEAN_FALSE.includes(text)) return false;
  return null;
}

/** The first reason one text field breaks the rule (value already trimmed), or null. */
export function checkCompanyTextField(field: CompanyTextField, text: string): CompanyRuleReason | null {
  const { max, chars, required } = COMPANY_TEXT_RULES[field];
  if (required && text === '') return 'required';
  if (!(chars === 'email' ? EMAIL_CHARS_PATTERN : TEXT_PATTERN).test(text)) {
    return chars === 'email' ? 'invalidEmailCharacters' : 'invalidCharacters';
  }
  if (text.length > max) return 'tooLong';
  if (field === 'isin' && text !== '' && !ISIN_PATTERN.test(text)) return 'invalidIsin';
  if (field === 'email' && text !== '' && !EMAIL_SHAPE.test(text)) return 'invalidEmail';
  return null;
}

const trimmed = (raw: unknown): string => (raw === undefined || raw === null ? '' : String(raw).trim());

/** Every broken field of one company: form values, or an upload row as text. */
export function checkCompany(values: Partial<Record<CompanyField, unknown>>): CompanyFieldError[] {
  const errors: CompanyFieldError[] = [];
  for (const field of COMPANY_TEXT_FIELDS) {
    const reason = checkCompanyTextField(field, trimmed(values[field]));
    if (reason) errors.push({ field, reason });
  }
  if (parseCompanyBoolean(values.isActive) === null) errors.push({ field: 'isActive', reason: 'invalidBoolean' });
  return errors;
}

/** A company's editable values as the server stores them. */
export type CompanyValues = Record<CompanyTextField, string> & { isActive: boolean };

/**
 * The values `checkCompany` judged, as stored: text trimmed, a missing one empty, isActive a
 * boolean (missing means active).
 */
export function companyValuesOf(values: Partial<Record<CompanyField, unknown>> | undefined): CompanyValues {
  const result = { isActive: parseCompanyBoolean(values?.isActive) ?? true } as CompanyValues;
  for (const field of COMPANY_TEXT_FIELDS) result[field] = trimmed(values?.[field]);
  return result;
}
