import type { CellProps } from '../generic/cells';

/** 'admin-enterprise': a user's enterprise by name; the column filters and sorts by its id. */
export function EnterpriseCell({ record }: CellProps) {
  const name = record.enterpriseName;
  return typeof name === 'string' && name !== '' ? name : '—';
}
