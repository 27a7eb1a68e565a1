import { describe, expect, it } from 'vitest';
import { FIELD_RULES } from '../../../../common/resources/field-rules';
import { AADHAAR_MASK_MIN_HEIGHT_PERCENT, AADHAAR_MASK_MIN_WIDTH_PERCENT, aadhaarDigits, checkAadhaar, checkPan, maskAadhaar, maskCoversNumber, verhoeffDigit, verhoeffValid } from '../../../../common/domains/kyc/rules';
import { FIELD_REASONS } from '../../../../common/messages';

/** An Aadhaar-shaped number: the 11 digits given and their Verhoeff check digit. */
const withCheckDigit = (eleven: string) => `${eleven}${verhoeffDigit(eleven)}`;

describe('Verhoeff', () => {
  it('matches the published examples', () => {
    // The textbook example: 236 takes check digit 3.
    expect(verhoeffDigit('236')).toBe(3);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffDigit('12345')).toBe(1);
    expect(verhoeffValid('123451')).toBe(true);
  });

  it('catches every wrong last digit and every swap of neighbours', () => {
    const valid = withCheckDigit('23456789012');
    expect(verhoeffValid(valid)).toBe(true);
    for (let digit = 0; digit <= 9; digit += 1) {
      const changed = `${valid.slice(0, 11)}${digit}`;
      expect(verhoeffValid(changed)).toBe(changed === valid);
    }
    for (let at = 0; at < valid.length - 1; at += 1) {
      const chars = [...valid];
      if (chars[at] === chars[at + 1]) continue;
      [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!];
      expect(verhoeffValid(chars.join(''))).toBe(false);
    }
  });
});

describe('checkAadhaar', () => {
  const valid = withCheckDigit('49876543210');

  it('accepts 12 digits starting 2–9 with the right check digit', () => {
    expect(checkAadhaar(valid)).toEqual({ ok: true, errors: [], warnings: [] });
    expect(checkAadhaar(withCheckDigit('99999999999')).ok).toBe(true);
  });

  it('refuses a wrong check digit, a leading 0 or 1, and other shapes', () => {
    const wrongLast = `${valid.slice(0, 11)}${(Number(valid.at(-1)) + 1) % 10}`;
    expect(checkAadhaar(wrongLast)).toEqual({ ok: false, errors: ['aadhaarChecksum'], warnings: [] });
    for (const bad of [withCheckDigit('12345678901'), withCheckDigit('02345678901'), valid.slice(1), `${valid}0`, '2345 6789 012', '23456789012a']) {
      expect(checkAadhaar(bad).errors).toEqual(['aadhaarFormat']);
    }
  });

  it('is masked to its last 4 digits', () => {
    expect(maskAadhaar('234567890124')).toBe('XXXX-XXXX-0124');
    expect(maskAadhaar('2345 6789 0124')).toBe('XXXX-XXXX-0124');
    expect(maskAadhaar('0124')).toBe('XXXX-XXXX-0124');
    expect(aadhaarDigits('2345-6789 0124')).toBe('234567890124');
  });
});

describe('checkPan', () => {
  it('accepts each known holder type', () => {
    for (const holder of 'PCHFATBLJG') {
      expect(checkPan(`ABC${holder}D1234F`)).toEqual({ ok: true, errors: [], warnings: [] });
    }
  });

  it('refuses a wrong shape or an unknown holder type, and warns on E', () => {
    for (const bad of ['ABCPD1234', 'abcpd1234f', 'ABCPD12345', 'ABCP51234F', 'ABCPD1234F ', '']) {
      expect(checkPan(bad)).toEqual({ ok: false, errors: ['panFormat'], warnings: [] });
    }
    expect(checkPan('ABCXD1234F')).toEqual({ ok: false, errors: ['panHolderType'], warnings: [] });
    expect(checkPan('ABCED1234F')).toEqual({ ok: true, errors: [], warnings: ['panHolderTypeRare'] });
  });

  it("for a person, warns (only) when the 5th letter is not the surname's initial", () => {
    expect(checkPan('ABCPS1234F', 'Sharma')).toEqual({ ok: true, errors: [], warnings: [] });
    expect(checkPan('ABCPS1234F', ' sharma ')).toEqual({ ok: true, errors: [], warnings: [] });
    expect(checkPan('ABCPK1234F', 'Sharma')).toEqual({ ok: true, errors: [], warnings: ['panSurnameInitial'] });
    // Not a person: the 5th letter is the entity's name, not a surname.
    expect(checkPan('ABCCK1234F', 'Sharma').warnings).toEqual([]);
  });
});

describe('named rules pan and aadhaar', () => {
  it('give the same answers through their pattern and check', () => {
    const valid = withCheckDigit('23456789012');
    const aadhaar = new RegExp(FIELD_RULES.aadhaar.pattern);
    expect(aadhaar.test(valid) && FIELD_RULES.aadhaar.check(valid).ok).toBe(true);
    expect(FIELD_RULES.aadhaar.check(`${valid.slice(0, 11)}${(Number(valid.at(-1)) + 1) % 10}`).errors).toEqual(['aadhaarChecksum']);
    expect(aadhaar.test('123456789012')).toBe(false);

    const pan = new RegExp(FIELD_RULES.pan.pattern);
    expect(pan.test('ABCPD1234F')).toBe(true);
    expect(pan.test('ABCED1234F')).toBe(true);
    expect(pan.test('ABCXD1234F')).toBe(false);
    expect(FIELD_RULES.pan.check('ABCED1234F').warnings).toEqual(['panHolderTypeRare']);
  });

  it('name reasons the catalogue words', () => {
    for (const code of ['panFormat', 'panHolderType', 'panHolderTypeRare', 'panSurnameInitial', 'aadhaarFormat', 'aadhaarChecksum']) {
      expect(FIELD_REASONS).toHaveProperty(code);
    }
  });
});

describe('maskCoversNumber: one rectangle at least the documented share of the image', () => {
  it('takes 12 % of the width and 3 % of the height, in one rectangle, not spread over several', () => {
    expect([AADHAAR_MASK_MIN_WIDTH_PERCENT, AADHAAR_MASK_MIN_HEIGHT_PERCENT]).toEqual([12, 3]);
    expect(maskCoversNumber([{ width: 120, height: 30 }], 1000, 1000)).toBe(true);
    expect(maskCoversNumber([{ width: 119, height: 30 }], 1000, 1000)).toBe(false);
    expect(maskCoversNumber([{ width: 120, height: 29 }], 1000, 1000)).toBe(false);
    expect(maskCoversNumber([{ width: 1, height: 1 }], 1000, 1000)).toBe(false);
    expect(maskCoversNumber([{ width: 1000, height: 1 }, { width: 1, height: 1000 }], 1000, 1000)).toBe(false);
    expect(maskCoversNumber([{ width: 1, height: 1 }, { width: 500, height: 60 }], 1000, 1000)).toBe(true);
    expect(maskCoversNumber([], 1000, 1000)).toBe(false);
    expect(FIELD_REASONS).toHaveProperty('maskTooSmall');
  });
});
