import type { SelectProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { CompanyRef } from '../../../common/domains/announcements/model';
import { FormSelect } from '../form-select';
import { useAnnouncementsApi } from './announcements-api';

// A company searched on the server as one types (`announcements/companies?q=`: name prefix,
// then contains, ISIN or ticker exact; 20 at most). `known` is the company already linked.

const SEARCH_DELAY_MS = 300;

export function companyLabel(company: CompanyRef): string {
  return company.ticker ? `${company.name} (${company.ticker})` : company.name;
}

export function CompanyPicker({ known, ...props }: SelectProps<number> & { known?: CompanyRef | null }) {
  const api = useAnnouncementsApi();
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<CompanyRef[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      setLoading(true);
      api.companies(term.trim()).then(
        (list) => {
          if (!stale) setFound(Array.isArray(list) ? list : []);
        },
        () => undefined,
      ).finally(() => {
        if (!stale) setLoading(false);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [api, term]);
  const options = useMemo(() => {
    const byId = new Map<number, CompanyRef>();
    for (const company of [...(known ? [known] : []), ...found]) byId.set(company.id, company);
    return [...byId.values()].map((company) => ({ value: company.id, label: companyLabel(company) }));
  }, [known, found]);
  return (
    <FormSelect
      {...(props as SelectProps)}
      options={options}
      showSearch
      allowClear
      filterOption={false}
      searchValue={term}
      onSearch={setTerm}
      loading={loading}
      style={{ minWidth: 240, ...props.style }}
    />
  );
}
