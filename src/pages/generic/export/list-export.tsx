import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { TFunction } from 'i18next';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../../common/resources/generate';
import type { FieldDefinition, ResourceDefinition } from '../../../../common/resources/types';
import { queryOfFilters, queryOfSorters } from '../../../providers';
import { ExportButton } from './export-button';

interface ListExportProps {
  definition: ResourceDefinition;
  /** The columns the list shows, in its order: the file has these. */
  columns: readonly FieldDefinition[];
  filters: CrudFilter[];
  sorters: CrudSort[];
  selected: readonly Key[];
}

/**
 * The generic list's export: its shown columns with their headers in the reader's language,
 * and its query as the data provider sends it (filters, search, sort), so the file holds what
 * the list shows, every page of it. Nothing for a resource that turns export off or has no server.
 */
export function ListExport({ definition, columns, filters, sorters, selected }: ListExportProps) {
  const { t } = useTranslation();
  // On for stored resources unless turned off; a module with tables of its own (news) turns it on and serves `{endpoint}/export`.
  if (!definition.endpoint || !(definition.list?.export ?? Boolean(definition.storage))) return null;
  const idField = definition.idField ?? 'id';
  // The id first, as in the API's answers, when the list has no column for it.
  const shown = columns.some((field) => field.name === idField) ? columns : [{ name: idField, labelKey: 'generic.id' }, ...columns];
  return (
    <ExportButton
      url={`${apiPath(definition.endpoint)}/export`}
      name={definition.name}
      columns={shown.map((field) => ({ field: field.name, label: t(field.labelKey), ...wordsOf(field, definition, t) }))}
      query={{ ...queryOfFilters(filters), ...queryOfSorters(sorters) }}
      selection={selected.map(String)}
    />
  );
}

/** A select's values as the list shows them (its options' or the workflow states' words): the file holds the same words. */
function wordsOf(field: Pick<FieldDefinition, 'name' | 'options'>, definition: ResourceDefinition, t: TFunction): { values?: Record<string, string> } {
  const states = definition.workflow?.field === field.name ? definition.workflow.states : [];
  const options = [...states, ...(field.options ?? [])];
  if (options.length === 0) return {};
  return { values: Object.fromEntries(options.map((option) => [String(option.value), t(option.labelKey)])) };
}
