import { useSelect } from '@refinedev/antd';
import { useCustom, useOne, type BaseRecord } from '@refinedev/core';
import type { SelectProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../common/resources/generate';
import type { FieldDefinition } from '../../../common/resources/types';
import { FormSelect } from '../form-select';
import { isString, useStoredState, VIEW_STATE_KEYS } from '../../providers';

// A field's option source: a fixed list in its definition (type select), or the
// records of another resource (type reference), searched on the server as one types.

type Reference = NonNullable<FieldDefinition['reference']>;

/** A select over another resource's records: stored is `value` (the id by default), shown is `label`. */
function ReferenceSelect({ reference, ...props }: SelectProps & { reference: Reference }) {
  const kept = useKeptSearch(reference.keepSearchAs);
  const { selectProps } = useSelect<BaseRecord>({
    resource: reference.resource,
    optionLabel: (item) => String(item[reference.label] ?? ''),
    optionValue: (item) => String(item[reference.value ?? 'id'] ?? ''),
    // The list endpoints search with `q` (the definition's `storage.search`).
    onSearch: (value) => [{ field: 'q', operator: 'contains', value }],
    pagination: { pageSize: 20, mode: 'server' },
    errorNotification: false,
  });
  const search = selectProps.onSearch;
  const restored = kept?.value;
  // The options for the kept text, once: not the first page of every company.
  useEffect(() => {
    if (restored) search?.(restored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only
  }, []);
  if (!kept) return <FormSelect {...selectProps} {...props} showSearch allowClear />;
  const onSearch = (value: string) => {
    kept.set(value);
    selectProps.onSearch?.(value);
  };
  return <FormSelect {...selectProps} {...props} searchValue={kept.value} onSearch={onSearch} showSearch allowClear />;
}

/**
 * The typed search kept in session storage under `key` (none without a key): back on the list,
 * the select opens with the text the user left, and asks the server for it once.
 */
function useKeptSearch(key: Reference['keepSearchAs']): { value: string; set(value: string): void } | undefined {
  const [value, set] = useStoredState(key ?? VIEW_STATE_KEYS.searchText, '', isString);
  return key ? { value, set } : undefined;
}

/** Every option at once from the reference's `optionsEndpoint` (a short list), filtered as one types. */
function EndpointSelect({ reference, endpoint, ...props }: SelectProps & { reference: Reference; endpoint: string }) {
  const { result } = useCustom<BaseRecord[]>({ url: apiPath(endpoint), method: 'get', errorNotification: false });
  const records = Array.isArray(result?.data) ? result.data : [];
  const options = records.map((item) => ({ value: String(item[reference.value ?? 'id'] ?? ''), label: String(item[reference.label] ?? '') }));
  return <FormSelect options={options} optionFilterProp="label" {...props} showSearch allowClear />;
}

/** The select a form or a column filter offers for a field with an option source. */
export function OptionSelect({ field, ...props }: SelectProps & { field: FieldDefinition }) {
  const { t } = useTranslation();
  if (field.reference?.optionsEndpoint) return <EndpointSelect reference={field.reference} endpoint={field.reference.optionsEndpoint} {...props} />;
  if (field.reference) return <ReferenceSelect reference={field.reference} {...props} />;
  const options = (field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }));
  return <FormSelect options={options} {...props} />;
}

/** A referenced record's label where only its id is known (a list cell, a show page). */
export function ReferenceLabel({ reference, id }: { reference: Reference; id: string | number }) {
  const { result } = useOne<BaseRecord>({
    resource: reference.resource,
    id,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const label = result?.[reference.label] as unknown;
  return <>{typeof label === 'string' || typeof label === 'number' ? String(label) : String(id)}</>;
}
