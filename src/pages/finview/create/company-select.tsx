import { useCustom } from '@refinedev/core';
import type { SelectProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { CompanyChoice } from '../../../../common/domains/finview/model';
import { FormSelect } from '../../form-select';
import { useFinviewApi } from '../finview-api';

// Companies searched on the server as one types, by finview's own route (`companies?q=&ids=`,
// docs/finview.md): the news area, and its companies list, may be switched off. Values are
// numeric company ids, as the company-records plugin and a rule's watch-list take them.

const SEARCH_DELAY_MS = 300;

export function CompanySelect({ value, ...props }: SelectProps<number | number[]> & { value?: number | number[] }) {
  const api = useFinviewApi();
  const ids = useMemo(() => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]), [value]);
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(term.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term]);
  const options = { retry: false, staleTime: 30_000 } as const;
  const found = useCustom<CompanyChoice[]>({ url: api.companies, method: 'get', config: { query: { q: searched || undefined } }, queryOptions: options, errorNotification: false });
  // The picked ids by name, also when they came from a saved rule.
  const picked = useCustom<CompanyChoice[]>({
    url: api.companies,
    method: 'get',
    config: { query: { ids: ids.join(',') } },
    queryOptions: { ...options, enabled: ids.length > 0 },
    errorNotification: false,
  });
  const choices = useMemo(() => {
    const byId = new Map<number, CompanyChoice>();
    for (const list of [picked.query.data?.data, found.query.data?.data]) {
      for (const company of Array.isArray(list) ? list : []) byId.set(company.id, company);
    }
    return [...byId.values()].map((company) => ({ value: company.id, label: company.ticker ? `${company.name} (${company.ticker})` : company.name }));
  }, [picked.query.data, found.query.data]);
  return (
    <FormSelect
      {...(props as SelectProps)}
      value={value}
      options={choices}
      showSearch
      allowClear
      filterOption={false}
      searchValue={term}
      onSearch={setTerm}
      loading={found.query.isFetching}
      style={{ minWidth: 240, ...props.style }}
    />
  );
}
