import { useCustom } from '@refinedev/core';
import { Button, Card, DatePicker, Form, Select, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isString, useStoredState, VIEW_STATE_KEYS } from '../../providers';
import { useNewsApi, type CompanyOption } from './news-api';
import { NEWS_STATUSES, type NewsStatus } from '../../../common/domains/news/model';
import { withFilters, type NewsQuery } from './news-query';

const SEARCH_DELAY_MS = 300;
const SEARCH_MAX_LENGTH = 100;

export interface NewsFilterBarProps {
  query: NewsQuery;
  onChange(next: NewsQuery): void;
  /** Company names the page already knows (from its rows), so ids from the URL show as names. */
  knownCompanies: ReadonlyMap<string, string>;
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function NewsFilterBar({ query, onChange, knownCompanies }: NewsFilterBarProps) {
  const { t } = useTranslation();
  const newsApi = useNewsApi();
  // Kept for the user's return (SPEC.md `searchText`); a blur does not clear it.
  const [term, setTerm] = useStoredState(VIEW_STATE_KEYS.searchText, '', isString);
  const searched = useDebounced(term.trim(), SEARCH_DELAY_MS);
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());

  // A failed search shows no options; the catalogue keeps search failures silent.
  const { result, query: search } = useCustom<CompanyOption[]>({
    url: newsApi.searchCompany,
    method: 'get',
    config: { query: { compName: searched } },
    queryOptions: { enabled: searched.length > 0, retry: false, staleTime: 30_000 },
    errorNotification: false,
    successNotification: false,
  });
  const found = useMemo(
    () => (searched.length > 0 && Array.isArray(result?.data) ? result.data : []),
    [result, searched],
  );

  const options = useMemo(() => {
    const labels = new Map<string, string>([...knownCompanies, ...picked]);
    for (const company of found) labels.set(String(company.companyId), company.compName);
    const selected = query.companyIds.map((id) => ({ value: id, label: labels.get(id) ?? id }));
    const rest = found
      .map((company) => ({ value: String(company.companyId), label: company.compName }))
      .filter((option) => !query.companyIds.includes(option.value));
    return [...selected, ...rest];
  }, [found, knownCompanies, picked, query.companyIds]);

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    query.dateFrom && query.dateTo ? [dayjs(query.dateFrom), dayjs(query.dateTo)] : null;

  const unfiltered = query.companyIds.length === 0 && !query.allCompany && !query.newsStatus && !query.dateFrom && !query.dateTo;

  return (
    <Card size="small" data-testid="news-filters">
      <Form layout="inline" style={{ rowGap: 12 }}>
        <Form.Item label={t('news.filters.companies')} htmlFor="news-filter-companies">
          <Select
            id="news-filter-companies"
            data-testid="news-filter-companies"
            mode="multiple"
            allowClear
            showSearch
            filterOption={false}
            style={{ minWidth: 280, maxWidth: 480 }}
            placeholder={t('news.filters.companiesPlaceholder')}
            disabled={query.allCompany}
            value={query.companyIds}
            options={options}
            searchValue={term}
            // The text stays on show when the list closes, so a user coming back sees what they searched.
            autoClearSearchValue={false}
            onSearch={(value) => setTerm(value.slice(0, SEARCH_MAX_LENGTH))}
            loading={search.isFetching}
            notFoundContent={searched.length > 0 && !search.isFetching ? t('news.errors.noData') : null}
            onChange={(ids: string[], chosen) => {
              const labels = new Map(picked);
              for (const option of Array.isArray(chosen) ? chosen : [chosen]) {
                if (option && typeof option.label === 'string') labels.set(String(option.value), option.label);
              }
              setPicked(labels);
              setTerm('');
              onChange(withFilters(query, { companyIds: ids }));
            }}
          />
        </Form.Item>
        <Form.Item label={t('news.filters.allCompanies')} htmlFor="news-filter-all">
          <Switch
            id="news-filter-all"
            data-testid="news-filter-all"
            checked={query.allCompany}
            onChange={(checked) => onChange(withFilters(query, { allCompany: checked }))}
          />
        </Form.Item>
        <Form.Item label={t('news.filters.status')} htmlFor="news-filter-status">
          <Select<NewsStatus>
            id="news-filter-status"
            data-testid="news-filter-status"
            allowClear
            style={{ width: 160 }}
            placeholder={t('news.filters.anyStatus')}
            value={query.newsStatus}
            options={NEWS_STATUSES.map((status) => ({ value: status, label: t(`news.status.${status}`) }))}
            onChange={(status) => onChange(withFilters(query, { newsStatus: status ?? undefined }))}
          />
        </Form.Item>
        <Form.Item label={t('news.filters.dates')} htmlFor="news-filter-dates">
          <DatePicker.RangePicker
            id="news-filter-dates"
            data-testid="news-filter-dates"
            value={range}
            format="YYYY-MM-DD"
            allowEmpty={[false, false]}
            onChange={(dates) => {
              const [from, to] = dates ?? [];
              onChange(
                withFilters(query, {
                  dateFrom: from ? from.format('YYYY-MM-DD') : undefined,
                  dateTo: to ? to.format('YYYY-MM-DD') : undefined,
                }),
              );
            }}
          />
        </Form.Item>
        <Form.Item>
          <Button
            data-testid="news-filter-reset"
            onClick={() =>
              onChange({ companyIds: [], allCompany: false, page: 1, pageSize: query.pageSize, ...(query.sort ? { sort: query.sort } : {}) })
            }
          >
            {t('news.filters.reset')}
          </Button>
        </Form.Item>
        {unfiltered ? (
          <Form.Item>
            <Typography.Text type="secondary" data-testid="news-unfiltered">
              {t('news.filters.unfiltered')}
            </Typography.Text>
          </Form.Item>
        ) : null}
      </Form>
    </Card>
  );
}
