import type { FieldDefinition, ResourceDefinition } from '../../common/resources/types';

// Values a generic resource's rules accept, for browser tests that fill its form
// (generic-crud.test.ts) or create its records through the API (generic-list-flow.ts).

/** A value every rule of the field accepts, unique to this run and resource. */
export function sampleValue(field: FieldDefinition, seed: string): string | undefined {
  const fit = (value: string) => value.slice(0, field.maxLength ?? value.length);
  const lower = seed.toLowerCase();
  switch (field.rule) {
    case 'isin':
      return `XS${seed.padEnd(9, '7').slice(0, 9)}4`;
    case 'mailDomain':
      return fit(`crud${lower}.example`);
    case 'companyEmail':
      return fit(`ir@crud${lower}.example`);
    case 'emailLetters':
      return fit(`www.crud${lower}.example`);
    case 'username':
      return fit(`u${lower}`);
    default:
      break;
  }
  if (field.type === 'email') return fit(`crud@${lower}.example`);
  if (field.type === 'integer' || field.type === 'number') return String(field.min ?? 1);
  if (field.type === 'text' || field.type === 'textarea' || field.type === 'url') return fit(`Crud ${seed}`);
  return undefined;
}

/**
 * A create body every rule of the resource accepts: required and defaulted fields filled, the
 * server's own (read-only, `auto`) left out; a field that must be later than another gets the next day.
 */
export function sampleRecord(definition: ResourceDefinition, seed: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of definition.fields ?? []) {
    if (field.readOnly || field.auto || (field.views && !field.views.includes('form'))) continue;
    const day = field.notBefore ? '2031-01-02' : '2031-01-01';
    if (field.type === 'select') body[field.name] = field.default ?? field.options?.[0]?.value;
    else if (field.type === 'reference') {
      if (field.required) throw new Error(`${definition.name}.${field.name}: a required reference has no sample`);
    } else if (field.type === 'boolean') body[field.name] = field.default ?? true;
    else if (field.type === 'date') body[field.name] = day;
    else if (field.type === 'datetime') body[field.name] = `${day}T10:00:00.000Z`;
    else if (field.type === 'integer' || field.type === 'number') body[field.name] = field.min ?? 1;
    else {
      const value = sampleValue(field, seed);
      if (value !== undefined) body[field.name] = value;
    }
  }
  return body;
}
