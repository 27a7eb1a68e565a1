import { PlusOutlined } from '@ant-design/icons';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { getDefaultFilter, useDataProvider, useNavigation, type CrudFilters, type HttpError } from '@refinedev/core';
import { Button, Card, Flex, Form, Input, Modal, Radio, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorsOf } from '../../../providers';
import { TEMPLATE_KINDS, type TemplateDetail, type TemplateKind, type TemplateSummary } from '../../../../common/domains/finview/model';
import { useRuntime } from '../../../registry/registry-context';
import { FilterSelect } from '../../form-select';
import { useFollowLocation } from '../../generic/follow-location';
import { PageHeader } from '../../../components/page-header';
import { RelativeDate } from '../../../components/relative-date';
import { UserName } from '../../../components/user-name';
import { useFinviewApi } from '../finview-api';
import { errorText } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';

interface Filters {
  q?: string;
  kind?: TemplateKind;
}

/** Video and report templates, newest change first; "New template" opens the dialog (also at …/create). */
export function TemplatesList({ creating = false }: { creating?: boolean }) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const { edit, editUrl, list } = useNavigation();
  const [open, setOpen] = useState(creating);
  const table = useTable<TemplateSummary, HttpError, Filters>({
    resource: 'templates',
    pagination: { pageSize: config.defaults.pageSize, mode: 'server' },
    sorters: { mode: 'server', initial: [{ field: 'updatedAt', order: 'desc' }] },
    filters: { mode: 'server' },
    syncWithLocation: true,
    onSearch: ({ q, kind }): CrudFilters => [
      { field: 'q', operator: 'contains', value: q?.trim() || undefined },
      { field: 'kind', operator: 'eq', value: kind },
    ],
  });
  const { tableProps, searchFormProps, sorters, filters } = table;
  useFollowLocation(table);
  const q = getDefaultFilter('q', filters, 'contains') as string | undefined;
  const kind = getDefaultFilter('kind', filters, 'eq') as TemplateKind | undefined;
  useEffect(() => {
    searchFormProps.form?.setFieldsValue({ q, kind });
  }, [q, kind, searchFormProps.form]);
  const submit = () => searchFormProps.form?.submit();

  return (
    <Flex vertical gap={16} data-testid="finview-templates-page">
      <PageHeader
        icon="LayoutOutlined"
        title={t('finviewTemplates.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="finview-template-new">
            {t('finviewTemplates.new')}
          </Button>
        }
      />
      <Card>
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="q">
            <Input.Search allowClear maxLength={100} placeholder={t('finviewTemplates.search')} aria-label={t('finviewTemplates.search')} onSearch={submit} style={{ width: 240 }} data-testid="finview-templates-search" />
          </Form.Item>
          <Form.Item name="kind">
            <FilterSelect
              label={t('finviewTemplates.kind')}
              placeholder={t('finviewTemplates.anyKind')}
              width={160}
              testId="finview-templates-kind"
              onChange={submit}
              options={TEMPLATE_KINDS.map((value) => ({ value, label: t(`finviewTemplates.kinds.${value}`) }))}
            />
          </Form.Item>
        </Form>
        <Table<TemplateSummary>
          {...tableProps}
          rowKey="id"
          scroll={{ x: 'max-content' }}
          pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('generic.total', { count: total }) }}
          onRow={(record) => ({ onClick: () => edit('templates', record.id), style: { cursor: 'pointer' } })}
          locale={{ emptyText: <span data-testid="finview-templates-empty">{t('finviewTemplates.empty')}</span> }}
          data-testid="finview-templates-table"
        >
          <Table.Column<TemplateSummary>
            key="name"
            dataIndex="name"
            title={t('finviewTemplates.name')}
            sorter
            sortOrder={getDefaultSortOrder('name', sorters) ?? null}
            render={(name: string, record) => (
              <Flex vertical gap={0}>
                <Link to={editUrl('templates', record.id)} onClick={(event) => event.stopPropagation()} data-testid={`finview-template-open-${record.id}`}>
                  <bdi>{name}</bdi>
                </Link>
                {record.description ? <Typography.Text type="secondary">{record.description}</Typography.Text> : null}
              </Flex>
            )}
          />
          <Table.Column<TemplateSummary> key="kind" dataIndex="kind" title={t('finviewTemplates.kind')} render={(value: TemplateKind) => <Tag>{t(`finviewTemplates.kinds.${value}`)}</Tag>} />
          <Table.Column<TemplateSummary>
            key="published"
            title={t('finviewTemplates.published')}
            render={(_, record) => (record.publishedVersion ? <Tag color="green">{t('finviewTemplates.versionN', { n: record.publishedVersion })}</Tag> : <Typography.Text type="secondary">—</Typography.Text>)}
          />
          <Table.Column<TemplateSummary>
            key="draft"
            title={t('finviewTemplates.draft')}
            render={(_, record) => (record.draftVersion ? <Tag color="blue">{t('finviewTemplates.versionN', { n: record.draftVersion })}</Tag> : <Typography.Text type="secondary">—</Typography.Text>)}
          />
          <Table.Column<TemplateSummary> key="updatedBy" title={t('finviewTemplates.updatedBy')} render={(_, record) => <UserName user={record.updatedBy} />} />
          <Table.Column<TemplateSummary>
            key="updatedAt"
            dataIndex="updatedAt"
            title={t('finviewTemplates.updatedAt')}
            sorter
            sortOrder={getDefaultSortOrder('updatedAt', sorters) ?? null}
            render={(value: string) => <RelativeDate value={value} />}
          />
        </Table>
      </Card>
      <NewTemplateDialog
        open={open}
        onClose={() => {
          setOpen(false);
          if (creating) list('templates');
        }}
        onCreated={(detail) => edit('templates', detail.id)}
      />
    </Flex>
  );
}

/** Name and kind; the server starts the draft from its kind's starter in the firm's brand. */
function NewTemplateDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(detail: TemplateDetail): void }) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const dataProvider = useDataProvider();
  const toast = useToast();
  const [form] = Form.useForm<{ name: string; kind: TemplateKind; description?: string }>();
  const [busy, setBusy] = useState(false);
  const create = async (values: { name: string; kind: TemplateKind; description?: string }) => {
    setBusy(true);
    try {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('custom is not implemented');
      const { data } = await custom<TemplateDetail>({ url: api.templates, method: 'post', payload: { ...values, name: values.name.trim() } });
      form.resetFields();
      onCreated(data as TemplateDetail);
    } catch (error) {
      const fields = fieldErrorsOf(error, ['name', 'kind', 'description'] as const);
      form.setFields(fields);
      if (fields.length === 0) toast('error', 'finview-template', errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('finviewTemplates.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('finviewTemplates.create')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="finview-template-new-dialog"
    >
      <Form form={form} layout="vertical" onFinish={(values) => void create(values)} initialValues={{ kind: 'video' }} preserve={false}>
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
    </Modal>
  );
}
