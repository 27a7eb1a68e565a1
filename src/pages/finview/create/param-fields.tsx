import { DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { NEWS_EVENT_FIELDS } from '../../../../common/domains/finview/model';
import { FormSelect } from '../../form-select';
import { CompanySelect } from './company-select';
import { checkParam, paramValueOf, type ParamField } from './params-form';
import { SeriesSelect } from './series-select';

interface ParamFieldsProps {
  fields: readonly ParamField[];
  /** Rules on news.approved: each value may come from the event instead (form name ['fromEvent', name]). */
  fromEvent?: Record<string, string | undefined>;
  offerEvent?: boolean;
}

/** One param's control; Form.Item hands it value/checked and onChange, passed on to the antd control. */
function Control({ field, disabled, ...item }: { field: ParamField; disabled: boolean; value?: never; checked?: never; onChange?: never }) {
  const { t } = useTranslation();
  const id = `finview-param-${field.name}`;
  const common = { ...item, id, disabled, 'data-testid': id };
  switch (field.kind) {
    case 'boolean':
      return <Switch {...common} />;
    case 'enum':
      return <FormSelect {...common} allowClear style={{ minWidth: 200 }} options={(field.options ?? []).map((option) => ({ value: option, label: String(option) }))} />;
    case 'date':
      return <DatePicker {...common} format="YYYY-MM-DD" />;
    case 'company':
      return <CompanySelect {...common} placeholder={t('finviewCreate.pickCompany')} />;
    case 'series':
      return <SeriesSelect {...common} placeholder={t('finviewCreate.pickSeries')} />;
    case 'number':
    case 'integer':
      // No min/max on the control: it would clamp silently; the rule says what is wrong instead.
      return <InputNumber {...common} precision={field.kind === 'integer' ? 0 : undefined} style={{ minWidth: 160 }} />;
    default:
      return <Input {...common} maxLength={field.maxLength} style={{ maxWidth: 480 }} />;
  }
}

/** A template's parameters as form items under `params`, checked as the server checks them. */
export function ParamFields({ fields, fromEvent, offerEvent = false }: ParamFieldsProps) {
  const { t } = useTranslation();
  const eventOptions = NEWS_EVENT_FIELDS.map((value) => ({ value, label: t(`finviewRules.eventFields.${value}`) }));
  return (
    <>
      {fields.map((field) => {
        const fromTheEvent = offerEvent && Boolean(fromEvent?.[field.name]);
        const rules: Rule[] = fromTheEvent
          ? []
          : [
              {
                required: field.required,
                validator: async (_, value: unknown) => {
                  const problem = checkParam(field, paramValueOf(field, value));
                  if (problem) throw new Error(t(`finviewCreate.problems.${problem.code}`, problem.params ?? {}));
                },
              },
            ];
        return (
          <Form.Item key={field.name} label={field.label} htmlFor={`finview-param-${field.name}`} extra={field.description} required={field.required && !fromTheEvent} style={{ marginBottom: 16 }}>
            <Space wrap align="start">
              <Form.Item
                noStyle
                name={['params', field.name]}
                rules={rules}
                valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
              >
                <Control field={field} disabled={fromTheEvent} />
              </Form.Item>
              {offerEvent ? (
                <Form.Item noStyle name={['fromEvent', field.name]}>
                  <Select
                    allowClear
                    style={{ minWidth: 200 }}
                    placeholder={t('finviewRules.fromEvent')}
                    aria-label={t('finviewRules.fromEventOf', { name: field.label })}
                    options={eventOptions}
                    data-testid={`finview-param-event-${field.name}`}
                  />
                </Form.Item>
              ) : null}
            </Space>
          </Form.Item>
        );
      })}
    </>
  );
}
