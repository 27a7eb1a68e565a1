import { Alert, Button, Form, Input, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../providers';
import {
  checkCompanyTextField,
  COMPANY_TEXT_FIELDS,
  COMPANY_TEXT_RULES,
  companyValuesOf,
  type CompanyTextField,
  type CompanyValues,
} from '../../resources/company-rules';
import type { Company } from './news-api';

export type { CompanyValues };

/** The shared company rule as an antd validator: the form refuses what the server would. */
function ruleFor(field: CompanyTextField, t: (key: string, options?: Record<string, unknown>) => string): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const reason = checkCompanyTextField(field, typeof value === 'string' ? value.trim() : '');
      return reason
        ? Promise.reject(new Error(t(`news.rules.${reason}`, { max: COMPANY_TEXT_RULES[field].max })))
        : Promise.resolve();
    },
  };
}

export function CompanyForm({
  initial,
  saving,
  failure,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial: Partial<Company> | undefined;
  saving: boolean;
  failure: string | null;
  /** The failed save, so the server's `{field: reason}` marks the fields. */
  serverError: unknown;
  onSubmit(values: CompanyValues): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyValues>();

  useEffect(() => {
    if (serverError) form.setFields(fieldErrorsOf(serverError, [...COMPANY_TEXT_FIELDS, 'isActive']));
  }, [serverError, form]);

  return (
    <Form<CompanyValues>
      form={form}
      layout="vertical"
      initialValues={companyValuesOf(initial)}
      onFinish={(values) => onSubmit(companyValuesOf(values))}
      data-testid="company-form"
      style={{ maxWidth: 640 }}
    >
      {COMPANY_TEXT_FIELDS.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`news.companyFields.${field}`)}
          htmlFor={`company-${field}`}
          required={COMPANY_TEXT_RULES[field].required ?? false}
          rules={[ruleFor(field, t)]}
        >
          <Input id={`company-${field}`} maxLength={COMPANY_TEXT_RULES[field].max} />
        </Form.Item>
      ))}
      <Form.Item name="isActive" label={t('news.companyFields.isActive')} htmlFor="company-isActive" valuePropName="checked">
        <Switch id="company-isActive" />
      </Form.Item>
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="company-error" /> : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="company-save">
          {t('news.companies.save')}
        </Button>
        <Button onClick={onCancel}>{t('buttons.cancel')}</Button>
      </Space>
    </Form>
  );
}
