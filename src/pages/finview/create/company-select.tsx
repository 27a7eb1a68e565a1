import { useCustom } from '@refinedev/core';
import type { SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { FormSelect } from '../../form-select';
import { useFinviewApi } from '../finview-api';

interface CompanyChoice {
  id: number;
  name: string;
  isin: string;
  ticker: string;
}

// Companies searched on the server as one types, through finview's own `companies` route (the
// news area, and its companies list, may be switched off while finview binds company data).
// Values are numeric company ids, as the company-records and news plugins take them; the picked
// ids are asked for too, so they show by name.
export function CompanySelect({ value, ...props }: SelectProps<number | number[]> & { value?: number | number[] }) {
  const api = useFinviewApi();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const ids = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const found = useCustom<CompanyChoice[]>({
    url: api.companies,
    method: 'get',
    config: { query: q ? { q } : {} },
    queryOptions: { retry: false, staleTime: 30_000 },
    errorNotification: false,
  });
  const picked = useCustom<CompanyChoice[]>({
    url: api.companies,
    method: 'get',
    config: { query: { ids: ids.join(',') } },
    queryOptions: { retry: false, staleTime: 60_000, enabled: ids.length > 0 },
    errorNotification: false,
  });
  const byId = new Map<number, CompanyChoice>();
  for (const list of [picked.query.data?.data, found.query.data?.data]) for (const company of Array.isArray(list) ? list : []) byId.set(company.id, company);
  const options = [...byId.values()].map((company) => ({ value: company.id, label: company.ticker ? `${company.name} (${company.ticker})` : company.name }));
  return (
    <FormSelect
      {...(props as SelectProps)}
      value={value}
      options={options}
      loading={found.query.isFetching}
      onSearch={setSearch}
      showSearch
      allowClear
      filterOption={false}
      style={{ minWidth: 240, ...props.style }}
    />
  );
}
