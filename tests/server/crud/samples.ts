import { randomBytes } from 'node:crypto';
import type { FieldDefinition, ResourceDefinition } from '../../../common/resources/types';

// Valid values for any generic resource, made from its field definitions (type, rule,
// limits, options), so the CRUD test covers a new resource without knowing it.

let counter = 0;

/** Letters and digits, different on every call. */
function unique(): string {
  counter += 1;
  return `${randomBytes(3).toString('hex')}${counter}`;
}

function sampleText(field: FieldDefinition, tag: string): string {
  const u = unique();
  let value: string;
  switch (field.rule) {
    case 'isin':
      value = `ZZ${u.toUpperCase().replace(/[^A-Z0-9]/g, '0').padEnd(9, '0').slice(0, 9)}${counter % 10}`;
      break;
    case 'mailDomain':
      value = `d${u}.example`;
      break;
    case 'companyEmail':
      value = `ir${u}@example.com`;
      break;
    case 'emailLetters':
      value = `www.${u}.example`;
      break;
    case 'username':
      value = `u${u}`.slice(0, 15);
      break;
    default:
      value = field.type === 'email' ? `m${u}@example.com` : `${tag} ${u}`;
  }
  return field.maxLength ? value.slice(0, field.maxLength) : value;
}

/** A value the field's rules accept; `undefined` for a field no generic sample fits (a reference). */
export function sampleValue(field: FieldDefinition, tag: string): unknown {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
      return sampleText(field, tag);
    case 'integer':
      return field.min ?? 1;
    case 'number':
      return field.min ?? 1.5;
    case 'boolean':
      return counter++ % 2 === 0;
    // A field that must be later than another (`notBefore`) gets the next day.
    case 'date':
      return field.notBefore ? '2024-03-01' : '2024-02-29';
    case 'datetime':
      return field.notBefore ? '2024-03-01T12:00:00.000Z' : '2024-02-29T12:00:00.000Z';
    case 'select':
      return field.options?.[0]?.value;
    case 'reference':
      return undefined;
  }
}

/** Every writable field of the resource with a fresh valid value. */
export function sampleRecord(definition: ResourceDefinition, tag = 'Gen'): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const field of definition.fields ?? []) {
    if (field.readOnly || field.name === (definition.idField ?? 'id')) continue;
    const value = sampleValue(field, tag);
    if (value !== undefined) record[field.name] = value;
  }
  return record;
}
