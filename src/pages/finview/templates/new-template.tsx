import { PlusOutlined } from '@ant-design/icons';
import { useCan, useDataProvider, useNavigation } from '@refinedev/core';
import { Button, Card, Flex, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../providers';
import { TEMPLATE_KINDS, type TemplateDetail, type TemplateKind } from '../../../../common/domains/finview/model';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';
import { useFinviewApi } from '../finview-api';

// A new template is a name and a kind: the server starts its draft from the kind's starter in
// the firm's brand, and the editor opens on it. The generic list's header offers it as a dialog
// ('finview-template-new'); `templates/create` (actionPages.create) is the same form as a page.

interface Values {
  name: string;
  kind: TemplateKind;
  description?: string;
}

function useCreateTemplate(form: ReturnType<typeof Form.useForm<Values>>[0]) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const dataProvider = useDataProvider();
  const toast = useToast();
  const { edit } = useNavigation();
  const [busy, setBusy] = useState(false);
  const create = async (values: Values) => {
    setBusy(true);
    try {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('custom is not implemented');
      const { data } = await custom<TemplateDetail>({ url: api.templates, method: 'post', payload: { ...values, name: values.name.trim() } });
      form.resetFields();
      edit('templates', (data as TemplateDetail).id);
    } catch (error) {
      const fields = fieldErrorsOf(error, ['name', 'kind', 'description'] as const);
      form.setFields(fields);
      if (fields.length === 0) toast('error', 'finview-template', errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return { create, busy };
}

function NewTemplateFields({ form, onFinish }: { form: ReturnType<typeof Form.useForm<Values>>[0]; onFinish(values: Values): void }) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ kind: 'video' }} preserve={false}>
      <Form.Item name="name" label={t('finviewTemplates.name')} rules={[{ required: true, whitespace: true, message: t('finviewTemplates.required') }]}>
        <Input maxLength={120} autoFocus data-testid="finview-template-name" />
      </Form.Item>
      <Form.Item name="kind" label={t('finviewTemplates.kind')}>
        <Radio.Group optionType="button" options={TEMPLATE_KINDS.map((value) => ({ value, label: t(`finviewTemplates.kinds.${value}`) }))} data-testid="finview-template-kind" />
      </Form.Item>
      <Form.Item name="description" label={t('finviewTemplates.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </Form>
  );
}

/** The generic list's "New template" button (headerActions), for who may create. */
export function NewTemplateButton() {
  const { t } = useTranslation();
  const { data: can } = useCan({ resource: 'templates', action: 'create' });
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const { create, busy } = useCreateTemplate(form);
  if (!can?.can) return null;
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="finview-template-new">
        {t('finviewTemplates.new')}
      </Button>
      <Modal
        open={open}
        title={t('finviewTemplates.new')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('finviewTemplates.create')}
        cancelText={t('buttons.cancel')}
        confirmLoading={busy}
        destroyOnHidden
        data-testid="finview-template-new-dialog"
      >
        <NewTemplateFields form={form} onFinish={(values) => void create(values)} />
      </Modal>
    </>
  );
}

/** `finview/templates/create`: the same form as a page of its own (a link, a reload). */
export default function NewTemplatePage() {
  const { t } = useTranslation();
  const { list } = useNavigation();
  const [form] = Form.useForm<Values>();
  const { create, busy } = useCreateTemplate(form);
  return (
    <Flex vertical gap={16} data-testid="finview-template-new-page">
      <PageHeader icon="LayoutOutlined" title={t('finviewTemplates.new')} />
      <Card style={{ maxWidth: 640 }}>
        <NewTemplateFields form={form} onFinish={(values) => void create(values)} />
        <Flex gap={8} justify="end">
          <Button onClick={() => list('templates')}>{t('buttons.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="finview-template-create">
            {t('finviewTemplates.create')}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
