import { describe, expect, it } from 'vitest';
import { checkCompany, checkCompanyTextField, companyValuesOf, hasXlsxMagic, parseCompanyBoolean } from '../../../common/domains/news/company-rules';

const VALID = {
  compName: 'Acme Holdings 2',
  isin: 'US0378331005',
  ticker: 'ACME',
  exchange: 'NYSE',
  sector: 'Industrials',
  website: 'www.acme.example',
  email: 'ir@acme.example',
  phone: '555 0100',
  address: '1 Main Street',
  isActive: true,
};

describe('the company rule', () => {
  it('accepts letters, digits and spaces, and @ . in email fields', () => {
    expect(checkCompany(VALID)).toEqual([]);
  });

  it.each([
    ['compName', "Acme <script>alert(1)</script>", 'invalidCharacters'],
    ['compName', "Robert'); DROP TABLE companies;--", 'invalidCharacters'],
    ['compName', '=1+1', 'invalidCharacters'],
    ['compName', '', 'required'],
    ['address', '12 Main St.', 'invalidCharacters'],
    ['phone', '+1 555', 'invalidCharacters'],
    ['email', 'ir@acme.example<', 'invalidEmailCharacters'],
    ['email', 'not an email', 'invalidEmail'],
    ['isin', 'us0378331005', 'invalidIsin'],
    ['isin', '', 'required'],
    ['ticker', 'A'.repeat(21), 'tooLong'],
  ] as const)('%s = %j is refused (%s)', (field, value, reason) => {
    expect(checkCompanyTextField(field, value)).toBe(reason);
    expect(checkCompany({ ...VALID, [field]: value })).toEqual([{ field, reason }]);
  });

  it('reads booleans as the server does', () => {
    expect(['TRUE', 'yes', 'Y', '1', '', true].map(parseCompanyBoolean)).toEqual([true, true, true, true, true, true]);
    expect(['false', 'No', 'n', '0', false].map(parseCompanyBoolean)).toEqual([false, false, false, false, false]);
    expect(parseCompanyBoolean('maybe')).toBeNull();
    expect(checkCompany({ ...VALID, isActive: 'maybe' })).toEqual([{ field: 'isActive', reason: 'invalidBoolean' }]);
  });

  it('gives the values as stored: text trimmed, missing text empty, isActive a boolean', () => {
    expect(companyValuesOf({ compName: '  Acme  ', isin: 'US0378331005', phone: null, isActive: 'no' })).toEqual({
      compName: 'Acme',
      isin: 'US0378331005',
      ticker: '',
      exchange: '',
      sector: '',
      website: '',
      email: '',
      phone: '',
      address: '',
      isActive: false,
    });
    expect(companyValuesOf(undefined).isActive).toBe(true);
  });

  it('knows a zip archive by its first bytes', () => {
    expect(hasXlsxMagic(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(hasXlsxMagic(new TextEncoder().encode('compName,isin'))).toBe(false);
    expect(hasXlsxMagic(new Uint8Array([]))).toBe(false);
  });
});
