import type { ParamSchema, ParamsSchema, ParamValues } from '../../../../common/domains/finview/model';

// A template's paramsSchema (the ParamsSchema subset of JSON Schema) as form fields, and the
// same checks the server makes with ajv (docs/finview.md "Outputs"), so most mistakes show on
// the field before a round trip. The server's 422 `params.<name>` reasons land on the same fields.

export type ParamKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'date' | 'company' | 'series';

export interface ParamField {
  name: string;
  /** The schema's title, else the name. */
  label: string;
  description?: string;
  kind: ParamKind;
  required: boolean;
  options?: Array<string | number>;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: string | number | boolean;
}

/** A problem with one value, in the server's reason codes (`serverField.<code>` words). */
export interface ParamProblem {
  code: 'required' | 'type' | 'minimum' | 'maximum' | 'enum' | 'format' | 'minLength' | 'maxLength';
  params?: Record<string, unknown>;
}

function kindOf(schema: ParamSchema): ParamKind {
  if (schema['x-source'] === 'company-records') return 'company';
  if (schema['x-source'] === 'price-series') return 'series';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  if (schema.type === 'string' && schema.format === 'date') return 'date';
  return schema.type;
}

/** The form's fields, in the schema's order of properties. */
export function fieldsOf(schema: ParamsSchema | null | undefined): ParamField[] {
  if (!schema || typeof schema.properties !== 'object' || schema.properties === null) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const field: ParamField = { name, label: property.title?.trim() || name, kind: kindOf(property), required: required.has(name) };
    if (property.description) field.description = property.description;
    if (property.enum) field.options = [...property.enum];
    for (const key of ['minimum', 'maximum', 'minLength', 'maxLength'] as const) {
      if (typeof property[key] === 'number') field[key] = property[key];
    }
    if (property.default !== undefined) field.default = property.default;
    return field;
  });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** What ajv would say of one value (already converted by `paramValueOf`), or null when it passes. */
export function checkParam(field: ParamField, value: unknown): ParamProblem | null {
  if (isEmpty(value)) return field.required ? { code: 'required' } : null;
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? null : { code: 'type', params: { type: 'boolean' } };
    case 'date':
      if (typeof value !== 'string') return { code: 'type', params: { type: 'string' } };
      return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : { code: 'format', params: { format: 'date' } };
    case 'enum':
      return field.options?.some((option) => option === value) ? null : { code: 'enum' };
    case 'string':
      if (typeof value !== 'string') return { code: 'type', params: { type: 'string' } };
      if (field.minLength !== undefined && value.length < field.minLength) return { code: 'minLength', params: { min: field.minLength } };
      if (field.maxLength !== undefined && value.length > field.maxLength) return { code: 'maxLength', params: { max: field.maxLength } };
      return null;
    default: {
      // number, integer, and the pickers' ids (company ids are integers, series ids too).
      if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'type', params: { type: 'number' } };
      if ((field.kind === 'integer' || field.kind === 'company' || field.kind === 'series') && !Number.isInteger(value)) {
        return { code: 'type', params: { type: 'integer' } };
      }
      if (field.minimum !== undefined && value < field.minimum) return { code: 'minimum', params: { min: field.minimum } };
      if (field.maximum !== undefined && value > field.maximum) return { code: 'maximum', params: { max: field.maximum } };
      return null;
    }
  }
}

/** A form control's value as the API takes it: dates as YYYY-MM-DD, numbers as numbers, empty as absent. */
export function paramValueOf(field: ParamField, value: unknown): string | number | boolean | undefined {
  if (isEmpty(value)) return undefined;
  if (field.kind === 'date' && typeof value === 'object' && value !== null && 'format' in value && typeof value.format === 'function') {
    return String((value as { format(pattern: string): string }).format('YYYY-MM-DD'));
  }
  if ((field.kind === 'company' || field.kind === 'series' || field.kind === 'number' || field.kind === 'integer') && typeof value === 'string') {
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : value;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

/** The params body from the form's values; absent values are left out (the server applies defaults). */
export function paramsOf(fields: readonly ParamField[], values: Record<string, unknown> | undefined): ParamValues {
  const params: ParamValues = {};
  for (const field of fields) {
    const value = paramValueOf(field, values?.[field.name]);
    if (value !== undefined) params[field.name] = value;
  }
  return params;
}

/** Initial form values: each field's default (dates stay strings; the page turns them into pickers' values). */
export function defaultsOf(fields: readonly ParamField[]): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    if (field.default !== undefined) values[field.name] = field.default;
    else if (field.kind === 'boolean') values[field.name] = false;
  }
  return values;
}

/** `{params.x: reason}` of a 422 onto the params' names; other keys (`title`, `templateId`) keep theirs. */
export function paramErrorsOf(errors: Record<string, unknown> | undefined | null): Array<{ name: string[]; errors: string[] }> {
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).flatMap(([key, reason]) => {
    const messages = typeof reason === 'string' ? [reason] : Array.isArray(reason) ? reason.filter((item): item is string => typeof item === 'string') : [];
    if (messages.length === 0) return [];
    const name = key.startsWith('params.') ? ['params', key.slice('params.'.length)] : [key];
    return [{ name, errors: messages }];
  });
}
