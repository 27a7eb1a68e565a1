import { useSelect } from '@refinedev/antd';
import { useCustom, useOne, type BaseRecord } from '@refinedev/core';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../common/resources/generate';
import type { FieldDefinition } from '../../../common/resources/types';
import { FormSelect } from '../form-select';

// A field's option source: a fixed list in its definition (type select), or the
// records of another resource (type reference), searched on the server as one types.

type Reference = NonNullable<FieldDefinition['reference']>;

/** A select over another resource's records: stored is `value` (the id by default), shown is `label`. */
function ReferenceSelect({ reference, ...props }: SelectProps & { reference: Reference }) {
  const { selectProps } = useSelect<BaseRecord>({
    resource: reference.resource,
    optionLabel: (item) => String(item[reference.label] ?? ''),
    optionValue: (item) => String(item[reference.value ?? 'id'] ?? ''),
    // The list endpoints search with `q` (the definition's `storage.search`).
    onSearch: (value) => [{ field: 'q', operator: 'contains', value }],
    pagination: { pageSize: 20, mode: 'server' },
    errorNotification: false,
  });
  return <FormSelect {...selectProps} {...props} showSearch allowClear />;
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
