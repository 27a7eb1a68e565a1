import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { Density } from '../../../../common/domains/views/model';
import type { ViewStateValue } from '../../../../common/domains/views/schemas';

/** What of Refine's useTable a view reads and sets (its URL follows, syncWithLocation being on). */
export interface ViewTable {
  filters: CrudFilter[];
  sorters: CrudSort[];
  pageSize: number;
  setFilters: (filters: CrudFilter[], behavior?: 'merge' | 'replace') => void;
  setSorters: (sorters: CrudSort[]) => void;
  setPageSize: (size: number) => void;
  setCurrentPage: (page: number) => void;
}

type ViewFilter = NonNullable<ViewStateValue['filters']>[number];

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The table's field filters that say something (Refine keeps cleared ones with an empty value). */
export function filtersOf(filters: readonly CrudFilter[]): ViewFilter[] {
  return filters.flatMap((filter) => ('field' in filter && hasValue(filter.value) ? [{ field: filter.field, operator: filter.operator, value: filter.value as unknown }] : []));
}

/** The list as it is now, as a view keeps it. */
export function currentState(table: ViewTable, columns: readonly string[], density: Density): ViewStateValue {
  return {
    filters: filtersOf(table.filters),
    sorters: table.sorters.map(({ field, order }) => ({ field, order })),
    columns: [...columns],
    pageSize: table.pageSize,
    density,
  };
}

// The URL gives every value back as text (`true` as "true", 5 as "5"), so values compare as text.
const text = (value: unknown): string => (Array.isArray(value) ? value.map(text).join(',') : String(value));
const filterKey = (filters: readonly ViewFilter[]) =>
  filters
    .map((filter) => `${filter.field}\u0000${filter.value === undefined ? '' : text(filter.value)}`)
    .sort()
    .join('\u0001');
const sorterKey = (sorters: ViewStateValue['sorters']) => (sorters ?? []).map((sorter) => `${sorter.field}:${sorter.order}`).join(',');

/**
 * The list shows what the view keeps: the same filters (in any order, values as text) and
 * order, and, where the view keeps them, the same columns, page size and density.
 */
export function showsView(current: ViewStateValue, view: ViewStateValue): boolean {
  if (filterKey(current.filters ?? []) !== filterKey(filtersOf((view.filters ?? []) as CrudFilter[]))) return false;
  if (sorterKey(current.sorters) !== sorterKey(view.sorters)) return false;
  if (view.columns && (current.columns ?? []).join(',') !== view.columns.join(',')) return false;
  if (view.pageSize !== undefined && current.pageSize !== view.pageSize) return false;
  return view.density === undefined || current.density === view.density;
}

/** Puts the view's filters, order and page size into the table, from its first page. */
export function applyToTable(table: ViewTable, view: ViewStateValue): void {
  table.setFilters((view.filters ?? []) as CrudFilter[], 'replace');
  table.setSorters((view.sorters ?? []).map(({ field, order }) => ({ field, order })));
  if (view.pageSize !== undefined) table.setPageSize(view.pageSize);
  table.setCurrentPage(1);
}
