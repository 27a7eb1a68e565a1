import { Checkbox, DatePicker, Input, InputNumber, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FieldDefinition, FieldView } from '../../resources/types';

export type { FieldView };
import { FormSelect } from '../form-select';

// Field definitions drive the generic views (react-admin's ra-no-code builders):
// each view keeps the fields meant for it, and one switch per view picks how a
// field type is shown or edited.


/** The fields a view shows: a form leaves out what the server sets; a list keeps its columns. */
export function fieldsFor(fields: readonly FieldDefinition[] | undefined, view: FieldView): FieldDefinition[] {
  return (fields ?? []).filter((field) => {
    if (field.views && !field.views.includes(view)) return false;
    if (view === 'form') return !field.readOnly;
    if (view === 'list') return field.list !== undefined ? field.list !== false : Boolean(field.views?.includes('list'));
    return true;
  });
}

/** The input for one field of a form, and what antd's Form.Item needs to bind it. */
export interface FieldInput {
  input: ReactNode;
  /** `checked` for a checkbox; antd reads `value` otherwise. */
  valuePropName?: string;
  rules: Rule[];
  /** Turns the record's value into the input's (dates) and back. */
  toInput?: (value: unknown) => unknown;
  fromInput?: (value: unknown) => unknown;
}

export function inputFor(field: FieldDefinition, t: TFunction): FieldInput {
  const required: Rule[] = field.required ? [{ required: true, message: t('generic.required', { field: t(field.labelKey) }) }] : [];
  const id = field.name;
  switch (field.type) {
    case 'text':
    case 'url':
      return { input: <Input id={id} maxLength={field.maxLength ?? 200} />, rules: [...required, { whitespace: field.required ?? false }] };
    case 'email':
      return { input: <Input id={id} type="email" maxLength={254} />, rules: [...required, { type: 'email', message: t('auth.emailInvalid') }] };
    case 'textarea':
      return { input: <Input.TextArea id={id} rows={4} />, rules: required };
    case 'number':
    case 'integer':
      return { input: <InputNumber id={id} style={{ width: '100%' }} />, rules: required };
    case 'boolean':
      return { input: <Checkbox id={id} />, valuePropName: 'checked', rules: [] };
    case 'date':
    case 'datetime':
      return {
        input: <DatePicker id={id} />,
        rules: required,
        toInput: (value) => (value ? dayjs(String(value)) : undefined),
        fromInput: (value) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value),
      };
    case 'select':
    case 'reference':
      return {
        input: <FormSelect id={id} options={(field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }))} />,
        rules: required,
      };
  }
}

/** How a list column or a show page displays one value. */
export function displayFor(field: FieldDefinition, value: unknown, t: TFunction): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type) {
    case 'boolean':
      return value ? <Tag color="green">{t('generic.yes')}</Tag> : <Tag>{t('generic.no')}</Tag>;
    case 'date':
    case 'datetime':
      return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
    case 'select':
    case 'reference': {
      const option = field.options?.find((candidate) => candidate.value === value);
      return option ? t(option.labelKey) : String(value);
    }
    case 'number':
    case 'integer':
    case 'url':
    case 'text':
    case 'email':
    case 'textarea':
      return String(value);
  }
}
