import { EyeOutlined, SendOutlined } from '@ant-design/icons';
import { useCustomMutation, useDataProvider, useNotification } from '@refinedev/core';
import { Alert, Button, Card, Empty, Flex, Form, Image, Input, Skeleton, Spin } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteSpec } from '../../../common/resources/generate';
import type { OutputAnswer } from '../../../common/domains/finview/model';
import { PageHeader } from '../../components/page-header';
import { JobCard } from './create/job-card';
import { ParamFields } from './create/param-fields';
import { defaultsOf, fieldsOf, paramErrorsOf, paramsOf } from './create/params-form';
import { TemplatePicker, usePublishedVersion } from './create/template-picker';
import { usePreview } from './create/use-preview';
import { useLiveOutputs } from './live-outputs';
import { useFinviewApi } from './finview-api';
import { errorText } from '../../components/error-text';

interface CreateValues {
  templateId?: number;
  title?: string;
  params?: Record<string, unknown>;
}

/** Create videos (list and create show the same page): template, its parameters, preview, render. */
export default function CreateVideoPage(_props: { route: RouteSpec }) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const { open } = useNotification();
  const [form] = Form.useForm<CreateValues>();
  const templateId = Form.useWatch('templateId', form);
  const { template, version, versionQuery } = usePublishedVersion(templateId);
  const fields = useMemo(() => fieldsOf(version?.paramsSchema), [version]);
  const preview = usePreview(t);
  const [output, setOutput] = useState<OutputAnswer | null>(null);
  const dataProvider = useDataProvider();
  // After a break in the stream, the job card's output is fetched once: its events of the break are lost.
  const outputId = output?.id;
  const reopened = useCallback(() => {
    const custom = dataProvider().custom;
    if (outputId === undefined || !custom) return;
    custom<OutputAnswer>({ url: api.output(outputId), method: 'get' }).then(({ data }) => setOutput(data), () => undefined);
  }, [api, dataProvider, outputId]);
  const { live } = useLiveOutputs(undefined, reopened);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<OutputAnswer>();

  // A new template's form starts from its defaults (dates as the picker's values).
  useEffect(() => {
    const defaults = defaultsOf(fields);
    const params = Object.fromEntries(
      fields.map((field) => [field.name, field.kind === 'date' && typeof defaults[field.name] === 'string' ? dayjs(String(defaults[field.name])) : defaults[field.name]]),
    );
    form.setFieldsValue({ params });
    preview.clear();
    setFailure(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the fields change
  }, [fields, form]);

  const paramsNow = async () => {
    const values = await form.validateFields();
    return paramsOf(fields, values.params);
  };

  const showPreview = async () => {
    if (!version) return;
    let params;
    try {
      params = await paramsNow();
    } catch {
      return;
    }
    await preview.preview(version, params);
  };

  const submit = (values: CreateValues) => {
    if (!template) return;
    setFailure(null);
    const title = values.title?.trim();
    mutate(
      {
        url: api.outputs,
        method: 'post',
        values: { templateId: template.id, params: paramsOf(fields, values.params), ...(title ? { title } : {}) },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setOutput(data);
          open?.({ type: 'success', key: 'finview-submit', message: t('server.finviewQueued') });
        },
        onError: (error) => {
          const errors = paramErrorsOf((error as { errors?: Record<string, unknown> }).errors);
          if (errors.length > 0) form.setFields(errors);
          setFailure(errorText(error, t));
        },
      },
    );
  };

  return (
    <Flex vertical gap={16} data-testid="finview-create-page">
      <PageHeader icon="VideoCameraAddOutlined" title={t('resources.create-videos')} />
      <Flex gap={16} wrap align="start">
        <Card title={t('finviewCreate.formTitle')} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Form form={form} layout="vertical" onFinish={submit} data-testid="finview-create-form">
            <Form.Item name="templateId" label={t('finviewCreate.template')} htmlFor="finview-template" rules={[{ required: true, message: t('finviewCreate.problems.required') }]}>
              <TemplatePicker id="finview-template" />
            </Form.Item>
            {template && versionQuery.isError ? (
              <Alert type="error" showIcon message={errorText(versionQuery.error, t)} style={{ marginBottom: 16 }} />
            ) : null}
            {template && versionQuery.isLoading ? <Skeleton active /> : null}
            {version ? (
              <>
                <Form.Item name="title" label={t('finviewCreate.title')} htmlFor="finview-title" extra={t('finviewCreate.titleHint')}>
                  <Input id="finview-title" maxLength={200} data-testid="finview-title" />
                </Form.Item>
                {fields.length === 0 ? <Alert type="info" showIcon message={t('finviewCreate.noParams')} style={{ marginBottom: 16 }} /> : null}
                <ParamFields fields={fields} />
              </>
            ) : null}
            {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="finview-create-error" /> : null}
            <Flex gap={8} wrap>
              <Button icon={<EyeOutlined />} disabled={!version} loading={preview.busy} onClick={() => void showPreview()} data-testid="finview-preview">
                {t('finviewCreate.preview')}
              </Button>
              <Button type="primary" htmlType="submit" icon={<SendOutlined />} disabled={!version} loading={mutation.isPending} data-testid="finview-submit">
                {t('finviewCreate.submit')}
              </Button>
            </Flex>
          </Form>
        </Card>
        <Flex vertical gap={16} style={{ flex: '1 1 420px', minWidth: 0 }}>
          {output ? <JobCard output={output} live={live} onChange={setOutput} /> : null}
          <Card title={t('finviewCreate.previewTitle')}>
            {preview.error ? <Alert type="error" showIcon message={preview.error} data-testid="finview-preview-error" /> : null}
            {preview.busy ? (
              <Flex justify="center" style={{ padding: 48 }}>
                <Spin aria-label={t('finviewCreate.previewing')} />
              </Flex>
            ) : preview.url ? (
              <Image src={preview.url} alt={t('finviewCreate.previewAlt', { name: template?.name ?? '' })} style={{ maxWidth: '100%' }} data-testid="finview-preview-image" />
            ) : (
              <Empty description={t('finviewCreate.previewEmpty')} />
            )}
          </Card>
        </Flex>
      </Flex>
    </Flex>
  );
}
