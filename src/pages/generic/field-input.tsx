import { Checkbox, DatePicker, Input, InputNumber } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { FIELD_RULES, notBeforeBroken } from '../../../common/resources/field-rules';
import type { FieldDefinition, FieldView } from '../../../common/resources/types';
import { FormSelect } from '../form-select';
import { OptionSelect } from './option-source';

export type { FieldView };

// Field definitions drive the generic views (react-admin's ra-no-code builders):
// each view keeps the fields meant for it, and one switch picks how a field type is
// edited; how a value is shown is its named cell's (./cells).

/** The fields a view shows: a form leaves out what the server sets; a list keeps its columns. */
export function fieldsFor(fields: readonly FieldDefinition[] | undefined, view: FieldView): FieldDefinition[] {
  return (fields ?? []).filter((field) => {
    if (field.views && !field.views.includes(view)) return false;
    if (view === 'form') return !field.readOnly;
    if (view === 'list') return field.list !== undefined ? field.list !== false : Boolean(field.views?.includes('list'));
    return true;
  });
}

/** The field that names a record to a reader (buttons' labels, toasts): its first required text field. */
export function titleField(definition: { fields?: readonly FieldDefinition[]; idField?: string }): string {
  const fields = definition.fields ?? [];
  return fields.find((field) => field.type === 'text' && field.required)?.name ?? fieldsFor(fields, 'list')[0]?.name ?? definition.idField ?? 'id';
}

/** "Name must be at most 100 characters": the field's label, then the catalogue's reason in the reader's words. */
function reasonMessage(field: FieldDefinition, t: TFunction, code: string, params: Record<string, unknown> = {}): string {
  return t('generic.fieldReason', { field: t(field.labelKey), reason: t(`serverField.${code}`, params) });
}

/**
 * The required rule, typed as the field's value: async-validator checks an untyped rule as a
 * `string`, so a picker's dayjs or a number failed that check and this rule's message said
 * "required" of a filled field. Options and references may be strings or numbers: any value.
 */
function requiredRule(field: FieldDefinition, message: string, text: boolean): Rule {
  switch (field.type) {
    case 'number':
    case 'integer':
      return { required: true, type: 'number', message };
    case 'date':
    case 'datetime':
      return { required: true, type: 'object', message };
    case 'boolean':
      return { required: true, type: 'boolean', message };
    case 'select':
    case 'reference':
      return {
        required: true,
        message,
        validator: (_rule, value: unknown) => (value === undefined || value === null || value === '' ? Promise.reject(new Error(message)) : Promise.resolve()),
      };
    default:
      return { required: true, whitespace: text, message };
  }
}

/**
 * antd rules from the definition, with the messages the server's 422 would give:
 * required, length and bounds, the named rule's pattern (./field-rules), and the order
 * against another field (`notBefore`, whose label `fields` gives).
 */
export function rulesFor(field: FieldDefinition, t: TFunction, fields: readonly FieldDefinition[] = []): Rule[] {
  const rules: Rule[] = [];
  const text = field.type === 'text' || field.type === 'textarea' || field.type === 'email' || field.type === 'url';
  if (field.required) {
    rules.push(requiredRule(field, t('generic.required', { field: t(field.labelKey) }), text));
  }
  if (text && field.maxLength !== undefined) {
    rules.push({ max: field.maxLength, message: reasonMessage(field, t, 'tooLong', { limit: field.maxLength }) });
  }
  if (text && field.minLength !== undefined) {
    rules.push({ min: field.minLength, message: reasonMessage(field, t, 'tooShort', { limit: field.minLength }) });
  }
  if (field.type === 'integer' || field.type === 'number') {
    if (field.min !== undefined) rules.push({ type: 'number', min: field.min, message: reasonMessage(field, t, 'tooSmall', { limit: field.min }) });
    if (field.max !== undefined) rules.push({ type: 'number', max: field.max, message: reasonMessage(field, t, 'tooLarge', { limit: field.max }) });
  }
  if (field.rule) {
    const { pattern, reason } = FIELD_RULES[field.rule];
    const regexp = new RegExp(pattern);
    // An empty optional field is left to `required`; the server checks what is sent.
    rules.push({
      validator: (_rule, value: unknown) =>
        typeof value !== 'string' || value === '' || regexp.test(value) ? Promise.resolve() : Promise.reject(new Error(reasonMessage(field, t, reason))),
    });
  } else if (field.type === 'email') {
    rules.push({ type: 'email', message: reasonMessage(field, t, 'email') });
  }
  const earliest = field.notBefore;
  if (earliest !== undefined) {
    const other = fields.find((candidate) => candidate.name === earliest);
    const message = reasonMessage(field, t, 'notBeforeField', { field: other ? t(other.labelKey) : earliest });
    rules.push(({ getFieldValue }) => ({
      validator: (_rule, value: unknown) => (notBeforeBroken(value, getFieldValue(earliest)) ? Promise.reject(new Error(message)) : Promise.resolve()),
    }));
  }
  return rules;
}

/** The input for one field of a form, and what antd's Form.Item needs to bind it. */
export interface FieldInput {
  input: ReactNode;
  /** `checked` for a checkbox; antd reads `value` otherwise. */
  valuePropName?: string;
  rules: Rule[];
  /** Other fields whose change re-checks this one (`notBefore`). */
  dependencies?: string[];
  /** Turns the record's value into the input's (dates) and back. */
  toInput?: (value: unknown) => unknown;
  fromInput?: (value: unknown) => unknown;
}

/** `fields`: the form's others, for rules that name one (`notBefore`). */
export function inputFor(field: FieldDefinition, t: TFunction, fields: readonly FieldDefinition[] = []): FieldInput {
  const rules = rulesFor(field, t, fields);
  const id = field.name;
  switch (field.type) {
    case 'text':
    case 'url':
    case 'email':
      return { input: <Input id={id} type={field.type === 'text' ? 'text' : field.type} maxLength={field.maxLength} />, rules };
    case 'textarea':
      return { input: <Input.TextArea id={id} rows={4} maxLength={field.maxLength} />, rules };
    case 'number':
    case 'integer':
      return {
        input: (
          <InputNumber
            id={id}
            style={{ width: '100%' }}
            precision={field.type === 'integer' ? 0 : undefined}
            step={field.step}
            {...(field.unit ? { addonAfter: t(field.unit) } : {})}
          />
        ),
        rules,
      };
    case 'boolean':
      return { input: <Checkbox id={id} />, valuePropName: 'checked', rules: [] };
    case 'date':
    case 'datetime':
      return {
        input: <DatePicker id={id} showTime={field.type === 'datetime'} />,
        rules,
        ...(field.notBefore ? { dependencies: [field.notBefore] } : {}),
        toInput: (value) => (value ? dayjs(String(value)) : undefined),
        fromInput: (value) => (dayjs.isDayjs(value) ? (field.type === 'date' ? value.format('YYYY-MM-DD') : value.toISOString()) : value),
      };
    case 'select':
      return {
        input: <FormSelect id={id} options={(field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }))} />,
        rules,
      };
    case 'reference':
      return { input: <OptionSelect id={id} field={field} />, rules };
  }
}
