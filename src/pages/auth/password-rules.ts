import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { USERNAME_PATTERN } from '../../../common/protocol/constants';
import { FIELD_RULES } from '../../../common/resources/field-rules';

// The username must fit the sealing IV (PROTOCOL.md), so the client checks the same pattern.
export function usernameRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.usernameRequired') },
    { pattern: USERNAME_PATTERN, message: t('auth.usernamePattern') },
  ];
}

export function requiredPassword(t: TFunction): FormRule[] {
  return [{ required: true, message: t('auth.passwordRequired') }];
}

const NEW_PASSWORD = new RegExp(FIELD_RULES.password.pattern);

/** A new password: the server's own rule, checked before sending and worded as the field's hint. */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [...requiredPassword(t), { pattern: NEW_PASSWORD, message: t('auth.passwordWeak') }];
}

export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.emailRequired') },
    { type: 'email', message: t('auth.emailInvalid') },
  ];
}

/** The confirmation must repeat the field named `field`. */
export function confirmRules(t: TFunction, field: string): FormRule[] {
  return [
    { required: true, message: t('auth.passwordRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value) =>
        !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(t('auth.passwordsDiffer'))),
    }),
  ];
}
