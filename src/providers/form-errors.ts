import type { ValidationErrors } from '@refinedev/core';

export interface FieldError<K extends string = string> {
  name: K;
  errors: string[];
}

/**
 * An HttpError's `{field: reason}` as antd's form.setFields() takes it, for the
 * fields the form has; `rename` maps the API's names onto the form's where they
 * differ. Reasons for other fields stay in the error's notification.
 */
export function fieldErrorsOf<const K extends string>(
  error: unknown,
  fields: readonly K[],
  rename: Partial<Record<string, K>> = {},
): FieldError<K>[] {
  const errors = (error as { errors?: ValidationErrors } | null | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).flatMap(([field, reason]) => {
    const name = rename[field] ?? fields.find((candidate) => candidate === field);
    if (name === undefined) return [];
    if (typeof reason === 'string') return [{ name, errors: [reason] }];
    if (Array.isArray(reason)) return [{ name, errors: reason }];
    if (typeof reason === 'object' && reason !== null && 'message' in reason) return [{ name, errors: [reason.message] }];
    return [];
  });
}
