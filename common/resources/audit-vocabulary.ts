import type { FieldOption, ResourceDefinition } from './types';

// The audit log's entity and action filters offer every entity and action the server records.
// The modules' own are listed in common/domains/admin/model.ts; what the registry adds is taken
// from it here, so a new generic resource (its `storage.auditEntity`) and a new workflow (its
// transitions' names) are offered, under their own words, without a line anywhere else.

const AUDIT_LOG = 'audit-log';

function extend(options: readonly FieldOption[] | undefined, more: readonly FieldOption[]): FieldOption[] {
  const known = new Set((options ?? []).map((option) => String(option.value)));
  const added = more.filter((option) => !known.has(String(option.value)) && known.add(String(option.value)));
  return [...(options ?? []), ...added];
}

/** The registry with the audit log's entity and action options completed from the other definitions. */
export function withAuditVocabulary(definitions: readonly ResourceDefinition[]): ResourceDefinition[] {
  const entities = definitions.flatMap((definition) => (definition.storage ? [{ value: definition.storage.auditEntity ?? definition.name, labelKey: definition.labelKey }] : []));
  const actions = definitions.flatMap((definition) => (definition.workflow?.transitions ?? []).map((transition) => ({ value: transition.name, labelKey: transition.labelKey })));
  return definitions.map((definition) =>
    definition.name !== AUDIT_LOG
      ? definition
      : {
          ...definition,
          fields: (definition.fields ?? []).map((field) => {
            if (field.name === 'entity') return { ...field, options: extend(field.options, entities) };
            if (field.name === 'action') return { ...field, options: extend(field.options, actions) };
            return field;
          }),
        },
  );
}
