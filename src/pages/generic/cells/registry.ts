import type { BaseRecord } from '@refinedev/core';
import type { ComponentType } from 'react';
import type { CellName, FieldDefinition, FieldType, ResourceDefinition } from '../../../../common/resources/types';

/** What every cell is given: the value, its field, the whole record (a money cell's currency) and the resource. */
export interface CellProps {
  value: unknown;
  field: FieldDefinition;
  record: BaseRecord;
  definition?: ResourceDefinition;
}

export type CellComponent = ComponentType<CellProps>;

// One map from name to component, filled by the built-in cells (built-in-cells.tsx) and by
// whatever an area registers (src/registry/cells.ts): a list column and the show page both
// ask it, so a value is drawn one way wherever it appears.
const CELLS = new Map<string, CellComponent>();

/** Adds (or replaces) the component a `ListColumn.cell` name draws with. */
export function registerCell(name: CellName, component: CellComponent): void {
  CELLS.set(name, component);
}

export function cellComponent(name: CellName): CellComponent | undefined {
  return CELLS.get(name);
}

/** The cell a field type gets when its column names none: what the generic pages always showed. */
const BY_TYPE: Record<FieldType, CellName> = {
  text: 'text',
  textarea: 'text',
  email: 'text',
  url: 'text',
  // Integers are mostly ids and codes: grouping digits ("1,234") would misquote them.
  integer: 'text',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  select: 'text',
  reference: 'reference',
};

/** The column's own cell, else the workflow's status tag for its state field, else the type's. */
export function cellNameFor(field: FieldDefinition, definition?: Pick<ResourceDefinition, 'workflow'>): CellName {
  const named = field.list ? field.list.cell : undefined;
  if (named) return named;
  if (definition?.workflow?.field === field.name) return 'status';
  return BY_TYPE[field.type];
}
