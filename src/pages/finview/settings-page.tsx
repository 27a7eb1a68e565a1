import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, ColorPicker, Flex, Form, Input, InputNumber, Select, Skeleton, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../providers';
import type { RouteSpec } from '../../../common/resources/generate';
import type { FinviewSettings } from '../../../common/domains/finview/model';
import { FONT_FAMILIES } from '../../../common/domains/finview/template';
import { PageHeader } from '../../components/page-header';
import { RelativeDate } from '../../components/relative-date';
import { UserName } from '../../components/user-name';
import { useFinviewApi } from './finview-api';
import { errorText, statusOf } from '../../components/error-text';
import { useToast } from '../../components/toasts';
import { COLOUR_FIELDS, hexOf, LOGO_MAX_BYTES, LOGO_TYPES, NUMBER_FIELDS, SETTINGS_ERROR_FIELDS, settingsBody, type SettingsInput } from './settings/settings-fields';

type Values = Omit<SettingsInput, 'version'>;

/** FinView settings (Admin+): render caps, concurrency, timeout, retention, the firm's brand, logo and watermark. */
export default function FinviewSettingsPage(_props: { route: RouteSpec }) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const { query } = useCustom<FinviewSettings>({ url: api.settings, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const { mutate, mutation } = useCustomMutation<FinviewSettings, never, SettingsInput>();
  const settings = query.data?.data;

  useEffect(() => {
    if (settings) {
      form.resetFields();
      form.setFieldsValue(settings);
      setStale(false);
    }
  }, [settings, form]);

  const save = (values: Values) => {
    if (!settings) return;
    setFailure(null);
    mutate(
      { url: api.settings, method: 'put', values: settingsBody(values, settings.version), successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'finview-settings', t('server.finviewSettingsSaved'));
          void query.refetch();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error, SETTINGS_ERROR_FIELDS);
          form.setFields(fields.map(({ name, errors }) => ({ name: name.split('.') as never, errors })));
          if (statusOf(error) === 409) setStale(true);
          setFailure(errorText(error, t));
        },
      },
    );
  };

  const pickLogo = (file: File) => {
    if (!LOGO_TYPES.includes(file.type)) {
      form.setFields([{ name: 'logo', errors: [t('finviewSettings.logoType')] }]);
      return false;
    }
    if (file.size > LOGO_MAX_BYTES) {
      form.setFields([{ name: 'logo', errors: [t('finviewSettings.logoSize')] }]);
      return false;
    }
    const reader = new FileReader();
    reader.onload = () => {
      form.setFieldValue('logo', String(reader.result));
      form.setFields([{ name: 'logo', errors: [] }]);
    };
    reader.readAsDataURL(file);
    return false;
  };

  const number = (name: (typeof NUMBER_FIELDS)[number]) => (
    <Form.Item
      key={name.name}
      name={name.name}
      label={t(`finviewSettings.fields.${name.name}`)}
      // Workers are started with the instance (docs/finview.md): say so where it is set.
      extra={name.name === 'renderConcurrency' ? t('finviewSettings.concurrencyHint') : undefined}
      rules={[{ required: true, message: t('finviewSettings.required') }]}
    >
      <InputNumber min={name.min} max={name.max} step={name.step} precision={0} style={{ width: 180 }} data-testid={`finview-settings-${name.name}`} />
    </Form.Item>
  );

  return (
    <Flex vertical gap={16} data-testid="finview-settings-page">
      <PageHeader icon="SettingOutlined" title={t('finviewSettings.title')} />
      {query.isError ? <Alert type="error" showIcon message={errorText(query.error, t)} /> : null}
      {!settings && !query.isError ? <Skeleton active /> : null}
      {settings ? (
        <Form form={form} layout="vertical" onFinish={save} initialValues={settings} style={{ maxWidth: 900 }}>
          <Flex vertical gap={16}>
            <Card title={t('finviewSettings.caps')}>
              <Flex wrap gap={16}>
                {NUMBER_FIELDS.slice(0, 5).map(number)}
              </Flex>
            </Card>
            <Card title={t('finviewSettings.rendering')}>
              <Flex wrap gap={16}>
                {NUMBER_FIELDS.slice(5).map(number)}
              </Flex>
            </Card>
            <Card title={t('finviewSettings.brand')}>
              <Flex wrap gap={16}>
                {COLOUR_FIELDS.map((name) => (
                  <Form.Item key={name} name={['brand', name]} label={t(`finviewSettings.colours.${name}`)} getValueFromEvent={hexOf}>
                    <ColorPicker disabledAlpha showText format="hex" data-testid={`finview-settings-${name}`} />
                  </Form.Item>
                ))}
                <Form.Item name={['brand', 'fontFamily']} label={t('finviewSettings.fontFamily')}>
                  <Select style={{ width: 220 }} options={FONT_FAMILIES.map((value) => ({ value, label: value }))} data-testid="finview-settings-font" />
                </Form.Item>
              </Flex>
              <Form.Item label={t('finviewSettings.palette')} extra={t('finviewSettings.paletteHint')}>
                <Form.List name={['brand', 'palette']}>
                  {(fields, { add, remove }) => (
                    <Space wrap>
                      {fields.map((field, index) => (
                        <Space.Compact key={field.key}>
                          <Form.Item name={field.name} noStyle getValueFromEvent={hexOf}>
                            <ColorPicker disabledAlpha showText format="hex" />
                          </Form.Item>
                          <Button icon={<DeleteOutlined />} aria-label={t('finviewSettings.removeColour', { n: index + 1 })} onClick={() => remove(field.name)} />
                        </Space.Compact>
                      ))}
                      {fields.length < 12 ? (
                        <Button icon={<PlusOutlined />} onClick={() => add('#1677ff')} data-testid="finview-settings-palette-add">
                          {t('finviewSettings.addColour')}
                        </Button>
                      ) : null}
                    </Space>
                  )}
                </Form.List>
              </Form.Item>
              <Form.Item name="logo" label={t('finviewSettings.logo')} extra={t('finviewSettings.logoHint')}>
                <LogoPicker onPick={pickLogo} />
              </Form.Item>
              <Form.Item name="watermark" label={t('finviewSettings.watermark')} rules={[{ max: 80, message: t('finviewSettings.watermarkLong') }]}>
                <Input maxLength={80} showCount style={{ maxWidth: 420 }} data-testid="finview-settings-watermark" />
              </Form.Item>
            </Card>
            {failure ? (
              <Alert
                type="error"
                showIcon
                message={failure}
                data-testid="finview-settings-failure"
                action={stale ? <Button size="small" onClick={() => void query.refetch()}>{t('finviewSettings.reload')}</Button> : undefined}
              />
            ) : null}
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text type="secondary">
                <Space>
                  {t('finviewSettings.updated')}
                  <UserName user={settings.updatedBy} />
                  <RelativeDate value={settings.updatedAt} />
                </Space>
              </Typography.Text>
              <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="finview-settings-save">
                {t('buttons.save')}
              </Button>
            </Flex>
          </Flex>
        </Form>
      ) : null}
    </Flex>
  );
}

/** The logo as the form holds it (a data URL or null): a preview, choose, remove. */
function LogoPicker({ value, onChange, onPick }: { value?: string | null; onChange?(value: string | null): void; onPick(file: File): boolean }) {
  const { t } = useTranslation();
  return (
    <Space wrap align="center">
      {value ? (
        <img src={value} alt={t('finviewSettings.logoPreview')} style={{ maxHeight: 64, maxWidth: 240, background: 'repeating-conic-gradient(#8884 0 25%, transparent 0 50%) 0 0 / 16px 16px' }} data-testid="finview-settings-logo-preview" />
      ) : (
        <Typography.Text type="secondary">{t('finviewSettings.noLogo')}</Typography.Text>
      )}
      <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={onPick}>
        <Button icon={<UploadOutlined />} data-testid="finview-settings-logo-pick">
          {t('finviewSettings.pickLogo')}
        </Button>
      </Upload>
      {value ? (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid="finview-settings-logo-remove">
          {t('finviewSettings.removeLogo')}
        </Button>
      ) : null}
    </Space>
  );
}
