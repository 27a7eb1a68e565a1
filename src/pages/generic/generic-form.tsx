import { useForm } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { Button, Card, Flex, Form, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fieldsFor, inputFor } from './field-input';
import type { GenericPageProps } from './resource-page';

/** Create and edit from a resource's `form` fields; the server's field errors land on the fields. */
export default function GenericForm({ definition, route }: GenericPageProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const action = route.action === 'edit' ? 'edit' : 'create';
  const fields = fieldsFor(definition.fields, 'form');
  const inputs = fields.map((field) => ({ field, ...inputFor(field, t) }));
  const { formProps, saveButtonProps, query, form } = useForm<BaseRecord, HttpError>({
    resource: definition.name,
    action,
    ...(action === 'edit' && id ? { id } : {}),
    redirect: 'list',
    meta: { method: 'put' },
  });

  const record = query?.data?.data;
  useEffect(() => {
    if (!record) return;
    // Inputs that hold another type than the record's value (dates) get it converted.
    form.setFieldsValue(Object.fromEntries(inputs.map(({ field, toInput }) => [field.name, toInput ? toInput(record[field.name]) : record[field.name]])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record, form]);

  const onFinish = (values: Record<string, unknown>) =>
    formProps.onFinish?.(
      Object.fromEntries(inputs.map(({ field, fromInput }) => [field.name, fromInput ? fromInput(values[field.name]) : values[field.name]])),
    );

  const initialValues = Object.fromEntries(fields.filter((field) => field.type === 'boolean').map((field) => [field.name, field.name === 'isActive']));

  return (
    <Flex vertical gap={16} data-testid="generic-form" data-resource={definition.name} data-action={action}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t(action === 'edit' ? 'generic.editTitle' : 'generic.createTitle', { resource: t(definition.labelKey) })}
      </Typography.Title>
      <Card style={{ maxWidth: 640 }}>
        <Form {...formProps} initialValues={action === 'create' ? initialValues : undefined} layout="vertical" onFinish={onFinish}>
          {inputs.map(({ field, input, rules, valuePropName }) => (
            <Form.Item key={field.name} name={field.name} label={t(field.labelKey)} rules={rules} {...(valuePropName ? { valuePropName } : {})}>
              {input}
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" {...saveButtonProps} data-testid="generic-save">
              {t('generic.save')}
            </Button>
            <Link to={route.path.replace(/\/(create|edit\/:id)$/, '')}>
              <Button>{t('buttons.cancel')}</Button>
            </Link>
          </Space>
        </Form>
      </Card>
    </Flex>
  );
}
