import { useCustom } from '@refinedev/core';
import type { SelectProps } from 'antd';
import type { PriceSeries } from '../../../../common/domains/finview/model';
import { FormSelect } from '../../form-select';
import { useFinviewApi } from '../finview-api';

/** The uploaded price series (plugins' price-series), by name and symbol. */
export function SeriesSelect(props: SelectProps<number>) {
  const api = useFinviewApi();
  const { query } = useCustom<PriceSeries[]>({
    url: api.priceSeries,
    method: 'get',
    queryOptions: { retry: false, staleTime: 60_000 },
    errorNotification: false,
  });
  const series = Array.isArray(query.data?.data) ? query.data.data : [];
  const options = series.map((item) => ({ value: item.id, label: item.symbol ? `${item.name} (${item.symbol})` : item.name }));
  return <FormSelect {...(props as SelectProps)} options={options} loading={query.isFetching} showSearch optionFilterProp="label" allowClear style={{ minWidth: 240 }} />;
}
