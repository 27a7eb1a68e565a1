import { Button, DatePicker, Input, Select, Space } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition, ListColumn } from '../../../common/resources/types';
import { OptionSelect } from './option-source';

/** `from,to` (YYYY-MM-DD, either may be empty) as the range picker's two days. */
function rangeOf(value: string | undefined): [dayjs.Dayjs | null, dayjs.Dayjs | null] | undefined {
  if (!value) return undefined;
  const [from = '', to = ''] = value.split(',');
  return [from ? dayjs(from) : null, to ? dayjs(to) : null];
}

/**
 * A column's filter panel, as its definition asks: free text, yes/no, one of the field's
 * options (a fixed list or another resource's records), several of them (multiSelect:
 * `a,b`), or a range of days (dateRange: `from,to`). The chosen value goes to the table,
 * which turns it into `?{field}=` and into the URL.
 */
export function ColumnFilter({
  field,
  kind,
  dropdown: { selectedKeys, setSelectedKeys, confirm, clearFilters, close },
}: {
  field: FieldDefinition;
  kind: NonNullable<ListColumn['filter']>;
  dropdown: FilterDropdownProps;
}) {
  const { t } = useTranslation();
  const label = t('generic.filterBy', { field: t(field.labelKey) });
  const value = selectedKeys[0] === undefined ? undefined : String(selectedKeys[0]);
  const set = (next: string | number | undefined | null) => setSelectedKeys(next === undefined || next === null || next === '' ? [] : [String(next)]);
  const id = `filter-${field.name}`;
  let input;
  if (kind === 'text') {
    input = <Input id={id} aria-label={label} placeholder={label} value={value} maxLength={field.maxLength} onChange={(event) => set(event.target.value)} onPressEnter={() => confirm()} />;
  } else if (kind === 'boolean') {
    input = (
      <Select
        id={id}
        aria-label={label}
        allowClear
        style={{ width: '100%' }}
        value={value}
        onChange={set}
        options={[
          { value: 'true', label: t('generic.yes') },
          { value: 'false', label: t('generic.no') },
        ]}
      />
    );
  } else if (kind === 'multiSelect') {
    input = (
      <OptionSelect
        id={id}
        aria-label={label}
        field={field}
        mode="multiple"
        style={{ width: '100%' }}
        value={selectedKeys.map(String)}
        onChange={(next: Array<string | number> | undefined) => setSelectedKeys((next ?? []).map(String))}
      />
    );
  } else if (kind === 'dateRange') {
    input = (
      <DatePicker.RangePicker
        id={id}
        aria-label={label}
        allowEmpty={[true, true]}
        value={rangeOf(value)}
        onChange={(days) => {
          const [from, to] = days ?? [];
          const text = `${from ? from.format('YYYY-MM-DD') : ''},${to ? to.format('YYYY-MM-DD') : ''}`;
          set(text === ',' ? undefined : text);
        }}
      />
    );
  } else {
    input = <OptionSelect id={id} aria-label={label} field={field} style={{ width: '100%' }} value={value} onChange={(next: string | number | undefined) => set(next)} />;
  }
  return (
    <Space direction="vertical" style={{ padding: 8, width: kind === 'dateRange' ? 300 : 240 }} data-testid={`generic-filter-${field.name}`}>
      {input}
      <Space>
        <Button type="primary" size="small" onClick={() => confirm()} data-testid="generic-filter-apply">
          {t('generic.filter')}
        </Button>
        <Button
          size="small"
          onClick={() => {
            clearFilters?.({ confirm: true, closeDropdown: true });
            close();
          }}
        >
          {t('generic.clear')}
        </Button>
      </Space>
    </Space>
  );
}
