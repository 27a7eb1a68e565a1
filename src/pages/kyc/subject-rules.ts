import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { PIN_CODE_PATTERN, surnameOf } from '../../../common/domains/kyc/model';
import { aadhaarDigits, checkAadhaar, checkPan, type KycCheck } from '../../../common/domains/kyc/rules';
import type { FieldReasonCode } from '../../../common/messages';

// The subject form's rules: the shared Indian identity checks of ./kyc-rules (the server
// runs the same ones), worded as the server's 422 would word them. A check's errors
// refuse the value; its warnings are antd warnings (`warningOnly`) that do not block.

export const SUBJECT_TEXT_MAX = 100;
export const ADDRESS_MAX = 200;

/** "PAN must be 10 characters …": the field's label, then the catalogue's reason. */
export function reasonText(t: TFunction, label: string, code: FieldReasonCode, params: Record<string, unknown> = {}): string {
  return t('generic.fieldReason', { field: label, reason: t(`serverField.${code}`, params) });
}

export function requiredRule(t: TFunction, label: string): Rule {
  return { required: true, whitespace: true, message: t('generic.required', { field: label }) };
}

/** A check's errors as a blocking rule and its warnings as a warning-only rule. */
function checkRules(t: TFunction, label: string, check: (value: string) => KycCheck): Rule[] {
  const failing = (pick: (result: KycCheck) => FieldReasonCode[]) => (_rule: unknown, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
    const [code] = pick(check(value));
    return code ? Promise.reject(new Error(reasonText(t, label, code))) : Promise.resolve();
  };
  return [{ validator: failing((result) => result.errors) }, { warningOnly: true, validator: failing((result) => result.errors.length > 0 ? [] : result.warnings) }];
}

/** PAN: the pattern and holder type refuse; a 5th letter that is not the surname's initial only warns. */
export function panRules(t: TFunction, label: string, name: () => string | undefined, required = true): Rule[] {
  return [...(required ? [requiredRule(t, label)] : []), ...checkRules(t, label, (value) => checkPan(value.trim(), surnameOf(name() ?? '')))];
}

/** Aadhaar as people type it ("2345 6789 0124"): 12 digits, the first 2–9, and the Verhoeff check digit. */
export function aadhaarRules(t: TFunction, label: string, required = true): Rule[] {
  return [...(required ? [requiredRule(t, label)] : []), ...checkRules(t, label, (value) => checkAadhaar(aadhaarDigits(value)))];
}

export function pinCodeRules(t: TFunction, label: string): Rule[] {
  return [
    requiredRule(t, label),
    { pattern: PIN_CODE_PATTERN, message: reasonText(t, label, 'pinCode') },
  ];
}

/** The server takes births from 1900 to today. */
export const EARLIEST_DOB = dayjs('1900-01-01');
export const isFuture = (date: Dayjs) => date.isAfter(dayjs().endOf('day'));
export const isOutsideDobRange = (date: Dayjs) => isFuture(date) || date.isBefore(EARLIEST_DOB, 'day');

export function dobRules(t: TFunction, label: string): Rule[] {
  return [
    { required: true, message: t('generic.required', { field: label }) },
    {
      validator: (_rule, value: Dayjs | null | undefined) =>
        value && isFuture(value) ? Promise.reject(new Error(reasonText(t, label, 'notInFuture'))) : Promise.resolve(),
    },
  ];
}
