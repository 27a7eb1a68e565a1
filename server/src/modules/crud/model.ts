import type { ServerMessageCode } from '../../../../common/messages.js';
import type { FieldDefinition, ResourceDefinition, StorageDefinition } from '../../../../common/resources/types.js';

// What the generic module reads from a resource definition: the table, its columns and
// which fields the API takes. Names in SQL come from here (code), never from a request.

export interface StoredField {
  name: string;
  column: string;
  definition: FieldDefinition;
}

export interface CrudModel {
  definition: ResourceDefinition;
  storage: StorageDefinition;
  /** Where reads come from: the table, or its view of derived fields. */
  readFrom: string;
  id: StoredField;
  /** Every field the API answers with (the id first), each a column of `readFrom`. */
  fields: StoredField[];
  /** The fields a create or an update takes from the caller. */
  writable: StoredField[];
  /**
   * Every column the module writes: the writable fields, the ones it sets itself on create
   * (`auto`) and the workflow's (state, reason, comment), which only a transition changes.
   */
  stored: StoredField[];
  /** Fields the server fills on create (`auto: 'actor' | 'now'`). */
  auto: StoredField[];
  auditEntity: string;
  messages: { notFound: ServerMessageCode; invalid: ServerMessageCode; taken: ServerMessageCode };
}

/** `mailDomain` → `mail_domain`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string, what: string, resource: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`resource ${resource}: ${what} "${name}" is not a plain SQL name`);
  return name;
}

/** Resources the generic module serves: those with `storage`. */
export function isStored(definition: ResourceDefinition): definition is ResourceDefinition & { storage: StorageDefinition } {
  return definition.storage !== undefined;
}

export function crudModel(definition: ResourceDefinition): CrudModel {
  const { storage } = definition;
  if (!storage) throw new Error(`resource ${definition.name} has no storage`);
  const stored = (definition.fields ?? []).map((field) => ({
    name: field.name,
    column: identifier(field.column ?? snakeCase(field.name), 'column', definition.name),
    definition: field,
  }));
  const idName = definition.idField ?? 'id';
  const id = stored.find((field) => field.name === idName) ?? {
    name: idName,
    column: identifier(snakeCase(idName), 'column', definition.name),
    definition: { name: idName, type: 'integer', labelKey: 'generic.id', readOnly: true } satisfies FieldDefinition,
  };
  if (stored.some((field) => field.name === 'version')) throw new Error(`resource ${definition.name}: "version" is the module's own field`);
  const owned = workflowFields(definition);
  const auto = stored.filter((field) => field !== id && field.definition.auto !== undefined);
  const writable = stored.filter((field) => field !== id && !field.definition.readOnly && !field.definition.auto && !owned.includes(field.name));
  return {
    definition,
    storage,
    readFrom: identifier(storage.readFrom ?? storage.table, 'readFrom', definition.name),
    id,
    fields: [id, ...stored.filter((field) => field !== id)],
    writable,
    stored: stored.filter((field) => writable.includes(field) || auto.includes(field) || owned.includes(field.name)),
    auto,
    auditEntity: storage.auditEntity ?? definition.name,
    messages: {
      notFound: storage.messages?.notFound ?? 'notFound',
      invalid: storage.messages?.invalid ?? 'validation',
      taken: storage.messages?.taken ?? 'recordTaken',
    },
  };
}

/** Text types: trimmed on the way in, sorted case-insensitively, searched by `?q=` and text filters. */
export function isText(field: StoredField): boolean {
  return ['text', 'textarea', 'email', 'url'].includes(field.definition.type);
}

/** Fields a list may sort by: list columns marked sortable, and the id. */
export function sortableFields(model: CrudModel): StoredField[] {
  return model.fields.filter((field) => field === model.id || (field.definition.list && field.definition.list.sortable));
}

/** Fields a list filters by with `?{name}=`: their column's filter, and the status tabs' field. */
export function filterableFields(model: CrudModel): StoredField[] {
  return model.fields.filter((field) => filterKindOf(model, field) !== undefined);
}

/**
 * How `?{name}=` filters the field. A multiSelect takes the select's path (`a,b` is any of
 * them), and the field the list's status tabs name is a select even when its column offers
 * no filter, so a tab's `?{field}=value` is accepted.
 */
export function filterKindOf(model: CrudModel, field: StoredField): 'text' | 'select' | 'boolean' | 'dateRange' | undefined {
  const kind = field.definition.list ? field.definition.list.filter : undefined;
  if (kind === 'multiSelect') return 'select';
  if (kind) return kind;
  return model.definition.list?.tabs === field.name ? 'select' : undefined;
}

const URL_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * The fields only transitions write (the state, its reason and comment), after checking the
 * workflow against the fields: a definition naming a field it lacks stops the server at start
 * instead of answering 500 on the first transition.
 */
function workflowFields(definition: ResourceDefinition): string[] {
  const { workflow } = definition;
  if (!workflow) return [];
  const fail = (what: string) => {
    throw new Error(`resource ${definition.name}: workflow ${what}`);
  };
  const names = new Set((definition.fields ?? []).map((field) => field.name));
  const owned = [workflow.field, workflow.reasonField, workflow.commentField].filter((name): name is string => name !== undefined);
  for (const name of owned) if (!names.has(name)) fail(`names the field "${name}", which the resource does not have`);
  const states = new Set(workflow.states.map((state) => state.value));
  const seen = new Set<string>();
  for (const transition of workflow.transitions) {
    if (!URL_NAME.test(transition.name) || seen.has(transition.name)) fail(`transition "${transition.name}" is not a unique URL-safe name`);
    seen.add(transition.name);
    for (const state of [...transition.from, transition.to]) if (!states.has(state)) fail(`transition ${transition.name} names the unknown state "${state}"`);
    if (transition.notBy && !names.has(transition.notBy)) fail(`transition ${transition.name} compares with the unknown field "${transition.notBy}"`);
    if (transition.reasons?.length && !workflow.reasonField) fail(`transition ${transition.name} asks for a reason but there is no reasonField`);
    if (transition.comment && !workflow.commentField) fail(`transition ${transition.name} asks for a comment but there is no commentField`);
  }
  return owned;
}
