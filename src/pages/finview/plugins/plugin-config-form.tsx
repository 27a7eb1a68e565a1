import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../providers';
import type { PluginAnswer } from '../../../../common/domains/finview/model';
import { useFinviewApi } from '../finview-api';
import { errorText } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';
import { configFieldsOf } from './plugin-config';

/** One plugin's config, edited from its configSchema (Admin+), or shown read-only. */
export function PluginConfigForm({ plugin, editable, onSaved }: { plugin: PluginAnswer; editable: boolean; onSaved(): void }) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const toast = useToast();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<PluginAnswer>();
  const fields = configFieldsOf(plugin.configSchema);
  if (fields.length === 0) return <Alert type="info" showIcon message={t('finviewPlugins.noConfig')} />;

  const save = (config: Record<string, unknown>) => {
    setFailure(null);
    mutate(
      { url: api.plugin(plugin.id), method: 'put', values: { enabled: plugin.enabled, config: { ...plugin.config, ...config }, version: plugin.version }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'finview-plugin', t('server.finviewPluginSaved'));
          onSaved();
        },
        onError: (error) => {
          const names = fields.map((field) => field.key);
          const rename = Object.fromEntries(names.map((name) => [`config.${name}`, name]));
          form.setFields(fieldErrorsOf(error, names, rename));
          setFailure(errorText(error, t));
        },
      },
    );
  };

  return (
    <Form form={form} layout="inline" initialValues={plugin.config} onFinish={save} disabled={!editable} style={{ rowGap: 8 }} data-testid={`finview-plugin-config-${plugin.id}`}>
      {fields.map((field) => (
        <Form.Item key={field.key} name={field.key} label={field.title ?? t(`finviewPlugins.config.${field.key}`, { defaultValue: field.key })} valuePropName={field.type === 'boolean' ? 'checked' : 'value'}>
          {field.type === 'boolean' ? (
            <Switch />
          ) : field.options ? (
            <Select style={{ minWidth: 140 }} options={field.options.map((value) => ({ value, label: String(value) }))} />
          ) : field.type === 'string' ? (
            <Input style={{ width: 200 }} />
          ) : (
            <InputNumber min={field.minimum} max={field.maximum} precision={field.type === 'integer' ? 0 : undefined} style={{ width: 140 }} />
          )}
        </Form.Item>
      ))}
      {editable ? (
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid={`finview-plugin-save-${plugin.id}`}>
            {t('buttons.save')}
          </Button>
        </Form.Item>
      ) : null}
      {failure ? (
        <Flex style={{ flexBasis: '100%' }}>
          <Alert type="error" showIcon message={failure} />
        </Flex>
      ) : null}
    </Form>
  );
}
