import { useSelect } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import type { SelectProps } from 'antd';
import { FormSelect } from '../../form-select';

// Companies searched on the server as one types (the companies list's `q`), as the generic
// reference fields do; values are numeric company ids, as the company-records plugin takes them.
export function CompanySelect({ value, ...props }: SelectProps<number | number[]> & { value?: number | number[] }) {
  const ids = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const { selectProps } = useSelect<BaseRecord>({
    resource: 'companies',
    optionLabel: (item) => String(item.compName ?? item.companyId ?? ''),
    optionValue: (item) => item.companyId as unknown as string,
    // The picked ids are fetched too, so they show by name.
    defaultValue: ids,
    onSearch: (search) => [{ field: 'q', operator: 'contains', value: search }],
    pagination: { pageSize: 20, mode: 'server' },
    errorNotification: false,
  });
  return (
    <FormSelect
      {...(selectProps as SelectProps)}
      {...(props as SelectProps)}
      value={value}
      showSearch
      allowClear
      filterOption={false}
      style={{ minWidth: 240, ...props.style }}
    />
  );
}
