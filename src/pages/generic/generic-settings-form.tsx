import { useCan, useCustom, useCustomMutation, useWarnAboutChange, type BaseRecord } from '@refinedev/core';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { Alert, Button, Card, Flex, Form, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../common/resources/generate';
import type { FieldDefinition } from '../../../common/resources/types';
import { errorText } from '../../components/error-text';
import { PageHeader } from '../../components/page-header';
import { RelativeDate } from '../../components/relative-date';
import { useToast } from '../../components/toasts';
import { UserName } from '../../components/user-name';
import { fieldErrorsOf } from '../../providers';
import { editorNamed, preloadEditors } from './editors';
import { fieldsFor, inputFor } from './field-input';
import { useRecordTitle } from './record-title';
import type { GenericPageProps } from './resource-page';
import { multipartBody, pathOf, valueAt, withValueAt } from './settings-body';
import { isStaleEdit, VERSION_FIELD } from './stale-edit';

/**
 * A one-form resource (`shape: 'form'`: settings) from its definition: GET the endpoint, its
 * fields in the definition's sections with their rules, help and units, and PUT the whole form
 * back with the `version` read (JSON, or multipart when a file is among the fields). A 422's
 * reasons land on the fields it names (`brand.accent`), a stale version is said with a reload,
 * the save is said in the reader's words. Roles that may read but not edit see it disabled.
 * Leaving with unsaved changes asks first (Refine's notifier: in-app links and the tab's close).
 */
export default function GenericSettingsForm({ definition }: GenericPageProps) {
  const { t } = useTranslation();
  // Called in the render (once per definition's pieces): the editors' code comes beside the first read.
  preloadEditors(definition);
  const toast = useToast();
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const { setWarnWhen } = useWarnAboutChange();
  const url = apiPath(definition.endpoint ?? '');
  const fields = fieldsFor(definition.fields, 'form');
  const { data: editable } = useCan({ resource: definition.name, action: 'edit' });
  const readOnly = editable?.can !== true;
  const { query } = useCustom<BaseRecord>({ url, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const { mutate, mutation } = useCustomMutation<BaseRecord>();
  const record = query.data?.data;
  const title = t(definition.labelKey);
  useRecordTitle(title);

  const inputs = fields.map((field) => ({ field, ...inputFor(field, t, fields) }));
  const fill = (loaded: BaseRecord) => {
    form.resetFields();
    form.setFieldsValue(
      inputs.reduce<Record<string, unknown>>((values, { field, toInput }) => {
        const value = valueAt(loaded, pathOf(field));
        return withValueAt(values, pathOf(field), toInput ? toInput(value) : value);
      }, {}),
    );
    setWarnWhen?.(false);
  };
  useEffect(() => {
    if (record) fill(record);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);
  // Leaving the page ends its warning; another page starts without one.
  useEffect(() => () => setWarnWhen?.(false), [setWarnWhen]);

  const save = (values: Record<string, unknown>) => {
    if (!record) return;
    setFailure(null);
    const version = record[VERSION_FIELD];
    const nested = inputs.reduce<Record<string, unknown>>((body, { field, fromInput }) => {
      const value = valueAt(values, pathOf(field));
      return withValueAt(body, pathOf(field), fromInput ? fromInput(value) : value);
    }, {});
    const body = definition.form?.encoding === 'multipart' ? multipartBody(fields, nested, version) : { ...nested, ...(version !== undefined ? { [VERSION_FIELD]: version } : {}) };
    mutate(
      { url, method: 'put', values: body, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          setWarnWhen?.(false);
          toast('success', definition.name, t(definition.form?.savedKey ?? 'generic.settingsSaved'));
          void query.refetch();
        },
        onError: (error) => {
          const named = fieldErrorsOf(error, fields.map((field) => field.name));
          form.setFields(named.map(({ name, errors }) => ({ name: name.split('.'), errors })));
          setFailure({ message: errorText(error, t), stale: isStaleEdit(error) });
        },
      },
    );
  };

  const reload = () => {
    setFailure(null);
    void query.refetch().then((refreshed) => refreshed.data?.data && fill(refreshed.data.data));
  };

  const item = (field: FieldDefinition, entry: (typeof inputs)[number]) => {
    const Editor = editorNamed(field.editor);
    return (
      <Form.Item
        key={field.name}
        name={pathOf(field)}
        label={t(field.labelKey)}
        htmlFor={field.name}
        rules={entry.rules}
        {...(field.help ? { extra: t(field.help) } : {})}
        {...(entry.valuePropName && !Editor ? { valuePropName: entry.valuePropName } : {})}
        {...(entry.dependencies ? { dependencies: entry.dependencies.map((name) => name.split('.')) } : {})}
      >
        {Editor && record ? <Editor id={field.name} field={field} record={record} /> : entry.input}
      </Form.Item>
    );
  };
  const sections = definition.form?.sections ?? [{ titleKey: '', fields: fields.map((field) => field.name) }];

  return (
    <Flex vertical gap={16} data-testid={`${definition.name}-page`} data-resource={definition.name}>
      <PageHeader icon={definition.icon} title={title} />
      <UnsavedChangesNotifier translationKey="generic.unsavedLeave" />
      {query.isError ? <Alert type="error" showIcon message={errorText(query.error, t)} data-testid="generic-load-error" /> : null}
      {!record && !query.isError ? <Skeleton active /> : null}
      {record ? (
        <Form form={form} layout="vertical" onFinish={save} disabled={readOnly} aria-label={title} style={{ maxWidth: 900 }} onValuesChange={() => setWarnWhen?.(true)}>
          <Flex vertical gap={16}>
            {sections.map((section) => (
              <Card key={section.titleKey || 'fields'} title={section.titleKey ? t(section.titleKey) : undefined}>
                {section.fields.flatMap((name) => inputs.filter((entry) => entry.field.name === name).map((entry) => item(entry.field, entry)))}
              </Card>
            ))}
            {failure ? (
              <Alert
                type="error"
                showIcon
                message={failure.message}
                {...(failure.stale ? { description: t('generic.staleHint') } : {})}
                data-testid={`${definition.name}-failure`}
                action={
                  failure.stale ? (
                    <Button size="small" onClick={reload} disabled={false} data-testid="generic-reload">
                      {t('generic.reload')}
                    </Button>
                  ) : undefined
                }
              />
            ) : null}
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text type="secondary">
                {record.updatedAt ? (
                  <Space>
                    {t('generic.lastChangedBy')}
                    <UserName user={record.updatedBy} />
                    <RelativeDate value={String(record.updatedAt)} />
                  </Space>
                ) : null}
              </Typography.Text>
              {readOnly ? null : (
                <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid={`${definition.name}-save`}>
                  {t('buttons.save')}
                </Button>
              )}
            </Flex>
          </Flex>
        </Form>
      ) : null}
    </Flex>
  );
}
