import type { FieldReasonCode } from '../../messages';

// The Indian identity rules of issue 11, one module for the server and the client, so a
// number the form accepts is one the API accepts. Results name codes of the messages
// catalogue (FIELD_REASONS): the server answers them, the client words them in either language.

export interface KycCheck {
  ok: boolean;
  /** The value is refused. */
  errors: FieldReasonCode[];
  /** Accepted, but a person should look again. */
  warnings: FieldReasonCode[];
}

/** 5 letters, 4 digits, a letter. */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** The 4th character: P person, C company, H HUF, F firm, A AOP, T trust, B BOI, L local authority, J artificial juridical person, G government. */
export const PAN_HOLDER_TYPES = ['P', 'C', 'H', 'F', 'A', 'T', 'B', 'L', 'J', 'G'] as const;
/** Seen on some cards but not in the published list: accepted with a warning. */
const PAN_HOLDER_TYPE_WARNED = 'E';

function result(errors: FieldReasonCode[], warnings: FieldReasonCode[] = []): KycCheck {
  return { ok: errors.length === 0, errors, warnings };
}

/**
 * A PAN as typed (case and surrounding spaces forgiven by the caller, not here: the value
 * stored is the one checked). For a person (4th character P) the 5th letter is the initial
 * of the surname: a mismatch is only a warning, since names are spelt many ways.
 */
export function checkPan(pan: string, surname?: string): KycCheck {
  if (!PAN_PATTERN.test(pan)) return result(['panFormat']);
  const holder = pan.charAt(3);
  if (holder === PAN_HOLDER_TYPE_WARNED) return result([], ['panHolderTypeRare']);
  if (!(PAN_HOLDER_TYPES as readonly string[]).includes(holder)) return result(['panHolderType']);
  const initial = surname?.trim().charAt(0).toUpperCase();
  if (holder === 'P' && initial && /^[A-Z]$/.test(initial) && pan.charAt(4) !== initial) {
    return result([], ['panSurnameInitial']);
  }
  return result([]);
}

// Verhoeff's scheme (the dihedral group D5): multiplication d, permutation p, inverse inv.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function verhoeffSum(digits: string, offset: number): number {
  let check = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((digit, index) => {
    check = VERHOEFF_D[check]![VERHOEFF_P[(index + offset) % 8]![Number(digit)]!]!;
  });
  return check;
}

/** The Verhoeff check digit to append to a string of digits. */
export function verhoeffDigit(digits: string): number {
  return VERHOEFF_INV[verhoeffSum(digits, 1)]!;
}

/** Whether a string of digits ends with its correct Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  return /^[0-9]+$/.test(digits) && verhoeffSum(digits, 0) === 0;
}

/** 12 digits, the first 2–9 (UIDAI never issues 0 or 1 first). */
export const AADHAAR_PATTERN = /^[2-9][0-9]{11}$/;

/** An Aadhaar number without spaces or hyphens (the caller strips them: see `aadhaarDigits`). */
export function checkAadhaar(number: string): KycCheck {
  if (!AADHAAR_PATTERN.test(number)) return result(['aadhaarFormat']);
  return result(verhoeffValid(number) ? [] : ['aadhaarChecksum']);
}

/** Spaces and hyphens removed, as people write it ("2345 6789 0124"). */
export function aadhaarDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** How an Aadhaar number is shown anywhere: only its last 4 digits. */
export function maskAadhaar(numberOrLast4: string): string {
  const digits = aadhaarDigits(numberOrLast4);
  return `XXXX-XXXX-${digits.slice(-4).padStart(4, 'X')}`;
}

/**
 * The least a mask of an Aadhaar card image must cover, as percentages of the image's width
 * and height, until the number is found on the image automatically: at least one rectangle
 * this big, so a pixel in a corner does not count as masking. The figures fit the smallest
 * the number gets: on the card (85.6 × 54 mm) its first 8 digits span about 25 mm of width
 * (29 %) and 3.5 mm of height (6 %); on a whole e-Aadhaar letter (A4, 210 × 297 mm) about
 * 27 mm (13 %) and 5 mm (1.7 %). So a rectangle must span 12 % of the width and 3 % of the
 * height: on the letter a little taller than the digits, on a card a band of 3+ digits at least.
 */
export const AADHAAR_MASK_MIN_WIDTH_PERCENT = 12;
export const AADHAAR_MASK_MIN_HEIGHT_PERCENT = 3;

export interface MaskArea {
  width: number;
  height: number;
}

/** Whether one of `rects` covers the least share of a width × height image that can hide an Aadhaar number. */
export function maskCoversNumber(rects: readonly MaskArea[], width: number, height: number): boolean {
  // Whole-number arithmetic: "at least 12 %" of a 1000 px image is 120 px, never 119.99.
  return rects.some((rect) => rect.width * 100 >= AADHAAR_MASK_MIN_WIDTH_PERCENT * width && rect.height * 100 >= AADHAAR_MASK_MIN_HEIGHT_PERCENT * height);
}

/** The least mask's figures, as the message `kycMaskTooSmall` and the field reason `maskTooSmall` name them. */
export const AADHAAR_MASK_MINIMUM = { width: AADHAAR_MASK_MIN_WIDTH_PERCENT, height: AADHAAR_MASK_MIN_HEIGHT_PERCENT } as const;
