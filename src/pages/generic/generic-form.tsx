import { useForm } from '@refinedev/antd';
import { useNavigation, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { inSentence, singularLabel } from '../../i18n/resource-labels';
import { fieldsFor, inputFor, titleField } from './field-input';
import { useRecordTitle } from './record-title';
import type { GenericPageProps } from './resource-page';
import { isStaleEdit, VERSION_FIELD } from './stale-edit';

/**
 * Create and edit from a resource's `form` fields: antd rules from the same
 * definition the server validates with, defaults on create, and on edit the
 * record's `version` sent back. A stale edit (409 `staleEdit`) is said in the
 * reader's words with a reload, never overwritten; a 422's reasons land on the fields.
 */
export default function GenericForm({ definition, route }: GenericPageProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { list } = useNavigation();
  const action = route.action === 'edit' ? 'edit' : 'create';
  const fields = fieldsFor(definition.fields, 'form');
  const inputs = fields.map((field) => ({ field, ...inputFor(field, t, fields) }));
  const [stale, setStale] = useState<string | null>(null);
  const { formProps, saveButtonProps, query, form } = useForm<BaseRecord, HttpError>({
    resource: definition.name,
    action,
    ...(action === 'edit' && id ? { id } : {}),
    redirect: 'list',
    meta: { method: 'put' },
    queryOptions: { retry: false },
    // A stale edit is explained beside the form, with its way out; other failures keep the toast.
    errorNotification: (error) => (isStaleEdit(error) ? false : undefined),
    // Refine's default names the resource by its identifier; the reader gets the record's name.
    successNotification: (data, values) => ({ type: 'success', message: t('generic.saved', { name: savedName(data?.data, values) }) }),
    onMutationError: (error) => setStale(isStaleEdit(error) ? error.message : null),
  });

  const record = query?.data?.data;
  const fill = (loaded: BaseRecord) =>
    form.setFieldsValue(Object.fromEntries(inputs.map(({ field, toInput }) => [field.name, toInput ? toInput(loaded[field.name]) : loaded[field.name]])));
  useEffect(() => {
    if (record) fill(record);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record, form]);

  const reload = async () => {
    const refreshed = await query?.refetch();
    if (refreshed?.data?.data) fill(refreshed.data.data);
    setStale(null);
  };

  const onFinish = (values: Record<string, unknown>) => {
    setStale(null);
    const body: Record<string, unknown> = Object.fromEntries(
      inputs.map(({ field, fromInput }) => [field.name, fromInput ? fromInput(values[field.name]) : values[field.name]]),
    );
    // Optimistic concurrency: the server refuses the edit if the record changed since it was read.
    if (action === 'edit' && record && record[VERSION_FIELD] !== undefined) body[VERSION_FIELD] = record[VERSION_FIELD];
    return formProps.onFinish?.(body);
  };

  const savedName = (saved: BaseRecord | undefined, values: unknown) => {
    const key = titleField(definition);
    return String(saved?.[key] ?? (values as Record<string, unknown> | undefined)?.[key] ?? '');
  };
  const initialValues = Object.fromEntries(fields.filter((field) => field.default !== undefined).map((field) => [field.name, field.default]));
  // "Edit company · Zenith Steel", "New staff notice": the header and the tab name the record.
  const singular = inSentence(singularLabel(t, definition));
  const recordName = record ? String(record[titleField(definition)] ?? '') : '';
  const title = action === 'edit' ? t('titles.edit', { resource: singular, name: recordName || (id ?? '') }) : t('titles.create', { resource: singular });
  useRecordTitle(action === 'create' || record ? title : undefined);

  return (
    <Flex vertical gap={16} data-testid="generic-form" data-resource={definition.name} data-action={action}>
      <PageHeader title={title} />
      <Card style={{ maxWidth: 640 }}>
        {query?.isError ? (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid="generic-load-error" message={query.error.message} />
        ) : null}
        <Form {...formProps} initialValues={action === 'create' ? initialValues : undefined} layout="vertical" onFinish={onFinish} aria-label={title}>
          {inputs.map(({ field, input, rules, valuePropName, dependencies }) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={t(field.labelKey)}
              htmlFor={field.name}
              rules={rules}
              {...(valuePropName ? { valuePropName } : {})}
              {...(dependencies ? { dependencies } : {})}
            >
              {input}
            </Form.Item>
          ))}
          {stale ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="generic-stale"
              message={stale}
              description={t('generic.staleHint')}
              action={
                <Button size="small" onClick={() => void reload()} data-testid="generic-reload">
                  {t('generic.reload')}
                </Button>
              }
            />
          ) : null}
          <Space>
            <Button type="primary" {...saveButtonProps} data-testid="generic-save">
              {t('generic.save')}
            </Button>
            <Button onClick={() => list(definition.name)}>
              {t('buttons.cancel')}
            </Button>
          </Space>
        </Form>
      </Card>
    </Flex>
  );
}
