import Type, { type TSchema } from 'typebox';
import { FIELD_RULES } from '../../../../common/resources/field-rules.js';
import { Id, IdOrNumber, IsoDate, Nullable, Page, PageSize, rule, Version } from '../../../../common/schemas.js';
import { filterableFields, filterKindOf, isText, sortableFields, type CrudModel, type StoredField } from './model.js';

// The TypeBox schemas of a generic resource's API, derived from its field definitions:
// what the routes validate at the edge and what the OpenAPI page shows.

const DATE_RANGE = '^(\\d{4}-\\d{2}-\\d{2})?(,(\\d{4}-\\d{2}-\\d{2})?)?$';

/** The value schema of a field: for input with its limits and rule, for output plain. */
function valueSchema(model: CrudModel, field: StoredField, input: boolean): TSchema {
  const definition = field.definition;
  if (field === model.id) return Id;
  switch (definition.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url': {
      if (!input) return Type.String();
      const named = definition.rule ? FIELD_RULES[definition.rule] : undefined;
      return Type.String({
        ...(definition.required ? { minLength: Math.max(1, definition.minLength ?? 1) } : definition.minLength ? { minLength: definition.minLength } : {}),
        ...(definition.maxLength ? { maxLength: definition.maxLength } : {}),
        ...(named ? { pattern: named.pattern, description: rule(named.reason) } : {}),
      });
    }
    case 'integer':
    case 'number': {
      const bounds = { ...(definition.min === undefined ? {} : { minimum: definition.min }), ...(definition.max === undefined ? {} : { maximum: definition.max }) };
      return definition.type === 'integer' ? Type.Integer(bounds) : Type.Number(bounds);
    }
    case 'boolean':
      return Type.Boolean();
    case 'date':
      return input ? IsoDate : Type.String();
    case 'datetime':
      return Type.String({ format: 'date-time' });
    case 'select':
      return definition.options?.length ? Type.Enum(definition.options.map((option) => option.value)) : Type.Union([Type.String(), Type.Number()]);
    case 'reference':
      // A reference by id (the default `value`) is an id, as text or a number: anything else
      // would reach a bigint column and fail there (a 500), not here (a 422).
      return (definition.reference?.value ?? 'id') === 'id' ? IdOrNumber : Type.Union([Type.String({ maxLength: 100 }), Type.Integer()]);
  }
}

/** A record as the API answers it: every field and `version`. */
export function recordSchema(model: CrudModel) {
  const properties: Record<string, TSchema> = {};
  for (const field of model.fields) {
    const value = valueSchema(model, field, false);
    properties[field.name] = field.definition.required || field === model.id ? value : Nullable(value);
  }
  properties.version = Type.Integer();
  return Type.Object(properties);
}

/** A create's body: required fields must be there, the others take their default. */
export function createBodySchema(model: CrudModel) {
  const properties: Record<string, TSchema> = {};
  for (const field of model.writable) {
    const value = valueSchema(model, field, true);
    // Null first: the validator coerces types, and tried after a string (a reference's id) null
    // became "" (a 500 from the bigint column) instead of staying null.
    const accepted = field.definition.default === null ? Type.Union([Type.Null(), value]) : value;
    properties[field.name] = field.definition.required ? accepted : Type.Optional(accepted);
  }
  // Unknown fields (the read-only ones a form sends back) are dropped, not refused.
  return Type.Object(properties, { additionalProperties: false });
}

/** An update's body: as a create's (fields left out keep their value), with the version it is based on. */
export function updateBodySchema(model: CrudModel) {
  return Type.Object({ ...createBodySchema(model).properties, version: Version }, { additionalProperties: false });
}

export const DeleteBody = Type.Object({ version: Version }, { additionalProperties: false });

export function paramsSchema(model: CrudModel) {
  return Type.Object({ [model.id.name]: Id }, { additionalProperties: false });
}

/** `page`, `pageSize`, `sort`, `q` and one parameter per filterable column. */
export function listQuerySchema(model: CrudModel) {
  const sortable = sortableFields(model).map((field) => field.name);
  const term = `(${sortable.join('|')}):(asc|desc)`;
  const properties: Record<string, TSchema> = {
    page: Type.Optional(Page),
    pageSize: Type.Optional(PageSize),
    sort: Type.Optional(Type.String({ pattern: `^${term}(,${term}){0,2}$`, description: rule('sort', { fields: sortable.join(', ') }) })),
  };
  if (model.storage.search?.length) {
    properties.q = Type.Optional(Type.String({ maxLength: 100, description: `part of ${model.storage.search.join(', ')}` }));
  }
  for (const field of filterableFields(model)) {
    const filter = filterKindOf(model, field);
    properties[field.name] = Type.Optional(
      filter === 'boolean'
        ? Type.Boolean()
        : filter === 'dateRange'
          ? Type.String({ pattern: DATE_RANGE, description: 'from,to as YYYY-MM-DD, inclusive; either may be left out' })
          : filter === 'select'
            ? Type.String({ maxLength: 1000, description: 'one value, or several comma-separated' })
            : Type.String({ maxLength: 100, description: isText(field) ? 'part of the text' : 'the value' }),
    );
  }
  return Type.Object(properties, { additionalProperties: false });
}
