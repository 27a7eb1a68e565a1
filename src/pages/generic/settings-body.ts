import type { FieldDefinition } from '../../../common/resources/types';

// A one-form resource's fields are named by their path in the record (`brand.accent`), as the
// server's 422 names them: antd's forms take the path as an array, the body is nested.

export const pathOf = (field: FieldDefinition): string[] => field.name.split('.');

export function valueAt(record: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), record);
}

export function withValueAt(target: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path;
  if (key === undefined) return target;
  if (rest.length === 0) return { ...target, [key]: value };
  const inner = target[key];
  return { ...target, [key]: withValueAt(typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {}, rest, value) };
}

/**
 * A multipart body: a file as itself, a number, text or yes/no as text; anything else (what an
 * editor shows but does not send, such as the pinned certificate's summary) is left out.
 */
export function multipartBody(fields: readonly FieldDefinition[], values: Record<string, unknown>, version: unknown): FormData {
  const body = new FormData();
  for (const field of fields) {
    const value = valueAt(values, pathOf(field));
    if (value instanceof File) body.append(field.name, value, value.name);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') body.append(field.name, String(value));
  }
  if (version !== undefined) body.append('version', String(version));
  return body;
}
