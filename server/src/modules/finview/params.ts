import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import Value from 'typebox/value';
import { fieldReasonText, type FieldReason } from '../../../../common/messages.js';
import type { ParamsSchema, ParamValues } from '../../../../common/domains/finview/model.js';
import { ParamsSchemaSchema } from '../../../../common/domains/finview/schemas.js';

// Render parameters are checked with ajv against the template version's JSON Schema (docs/finview.md
// "Outputs"): the schema is the author's, so only the ParamsSchema subset is accepted at publish.

export type ParamsCheck =
  | { ok: true; value: ParamValues }
  | { ok: false; errors: Record<string, string>; reasons: Record<string, FieldReason> };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One ajv for params and plugin args: defaults filled, every error reported, no coercion. */
export const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, coerceTypes: false });
ajv.addFormat('date', { type: 'string', validate: (text: string) => DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text) });
ajv.addKeyword('x-source');

const compiled = new Map<string, ValidateFunction>();
/** Compiled once per distinct schema (templates are few; a bounded cache keeps memory flat). */
export function validatorOf(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    if (compiled.size > 500) compiled.clear();
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** An ajv error as a field (`<prefix>.<name>`) and the catalogue's reason. */
export function reasonOf(error: ErrorObject, prefix: string): [string, FieldReason] {
  const name = error.instancePath.replace(/^\//, '').split('/')[0] ?? '';
  const params = error.params as Record<string, unknown>;
  const field = (key: string) => (key ? `${prefix}.${key}` : prefix);
  switch (error.keyword) {
    case 'required':
      return [field(String(params.missingProperty)), { code: 'required' }];
    case 'additionalProperties':
      return [field(String(params.additionalProperty)), { code: 'notAllowed' }];
    case 'type':
      return [field(name), { code: 'type', params: { type: String(params.type) } }];
    case 'minimum':
    case 'exclusiveMinimum':
      return [field(name), { code: 'tooSmall', params: { limit: Number(params.limit) } }];
    case 'maximum':
    case 'exclusiveMaximum':
      return [field(name), { code: 'tooLarge', params: { limit: Number(params.limit) } }];
    case 'minLength':
      return [field(name), { code: 'tooShort', params: { limit: Number(params.limit) } }];
    case 'maxLength':
      return [field(name), { code: 'tooLong', params: { limit: Number(params.limit) } }];
    case 'enum':
      return [field(name), { code: 'oneOf', params: { values: ((params.allowedValues as unknown[]) ?? []).join(', ') } }];
    case 'format':
      return [field(name), { code: 'format', params: { format: String(params.format) } }];
    default:
      return [field(name), { code: 'invalid' }];
  }
}

/** Field reasons of a failed ajv check, the first per field. */
export function reasonsOf(errors: readonly ErrorObject[] | null | undefined, prefix: string): Record<string, FieldReason> {
  const reasons: Record<string, FieldReason> = {};
  for (const error of errors ?? []) {
    const [field, reason] = reasonOf(error, prefix);
    reasons[field] ??= reason;
  }
  return reasons;
}

export function texts(reasons: Record<string, FieldReason>): Record<string, string> {
  return Object.fromEntries(Object.entries(reasons).map(([field, reason]) => [field, fieldReasonText(reason)]));
}

/** Checks render parameters against a template version's schema; errors keyed `params.<name>`, defaults filled. */
export function checkParams(schema: ParamsSchema, params: unknown): ParamsCheck {
  const value = params ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    const reasons: Record<string, FieldReason> = { params: { code: 'type', params: { type: 'object' } } };
    return { ok: false, errors: texts(reasons), reasons };
  }
  // ajv fills defaults in place: work on a copy so the caller's object stays as sent.
  const copy = structuredClone(value) as Record<string, unknown>;
  const validate = validatorOf(schema);
  if (!validate(copy)) {
    const reasons = reasonsOf(validate.errors, 'params');
    return { ok: false, errors: texts(reasons), reasons };
  }
  const bad = Object.entries(copy).find(([, item]) => !['string', 'number', 'boolean'].includes(typeof item));
  if (bad) {
    const reasons: Record<string, FieldReason> = { [`params.${bad[0]}`]: { code: 'type', params: { type: 'string, number or boolean' } } };
    return { ok: false, errors: texts(reasons), reasons };
  }
  return { ok: true, value: copy as ParamValues };
}

/** Problems (empty when fine) of a paramsSchema as the ParamsSchema subset, and compilable by ajv. */
export function paramsSchemaProblems(value: unknown): string[] {
  if (!Value.Check(ParamsSchemaSchema, value)) {
    return [...new Set(Value.Errors(ParamsSchemaSchema, value).map((error) => `${error.instancePath || '/'} ${error.message}`))].slice(0, 20);
  }
  const schema = value as ParamsSchema;
  const problems: string[] = [];
  for (const name of schema.required ?? []) if (!Object.hasOwn(schema.properties, name)) problems.push(`/required: ${name} is not a property`);
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property['x-source'] && property.type !== 'integer') problems.push(`/properties/${name}: x-source needs type integer`);
    if (property.format && property.type !== 'string') problems.push(`/properties/${name}: format needs type string`);
    if (property.default !== undefined) {
      const check = checkParams({ type: 'object', properties: { [name]: property } }, { [name]: property.default });
      if (!check.ok) problems.push(`/properties/${name}/default does not fit its own schema`);
    }
  }
  if (problems.length > 0) return problems;
  try {
    validatorOf(schema);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  return problems;
}
