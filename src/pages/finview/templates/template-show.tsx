import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useNavigation } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Drawer, Flex, Popconfirm, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateDetail, TemplateVersion, VersionSummary } from '../../../../common/domains/finview/model';
import { PageHeader } from '../../../components/page-header';
import { RelativeDate } from '../../../components/relative-date';
import { UserName } from '../../../components/user-name';
import { useFinviewApi } from '../finview-api';
import { errorText } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';
import { TemplatePreview } from './template-preview';
import { VersionStatusTag } from './version-status-tag';

/** A template's versions, newest first: any version opens read-only; "Edit" opens the draft (or starts one from the published). */
export function TemplateShow({ id }: { id: string }) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const { edit, list } = useNavigation();
  const [open, setOpen] = useState<number | null>(null);
  const { query } = useCustom<TemplateDetail>({ url: api.template(id), method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const archive = useCustomMutation();
  const toast = useToast();
  const template = query.data?.data;
  const drop = (record: TemplateDetail) =>
    archive.mutate(
      { url: api.template(record.id), method: 'delete', values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'finview-template', t('finviewTemplates.archived', { name: record.name }));
          list('templates');
        },
        onError: (error) => toast('error', 'finview-template', errorText(error, t)),
      },
    );
  if (query.isError) return <Alert type="error" showIcon message={errorText(query.error, t)} />;
  if (!template) return <Skeleton active />;
  return (
    <Flex vertical gap={16} data-testid="finview-template-show">
      <PageHeader
        icon="LayoutOutlined"
        title={<bdi>{template.name}</bdi>}
        extra={
          <>
            <Button onClick={() => list('templates')}>{t('finviewTemplates.backToList')}</Button>
            <Popconfirm title={t('finviewTemplates.confirmArchive', { name: template.name })} onConfirm={() => drop(template)} okText={t('finviewTemplates.archive')} cancelText={t('buttons.cancel')}>
              <Button danger icon={<DeleteOutlined />} loading={archive.mutation.isPending} data-testid="finview-template-archive">
                {t('finviewTemplates.archive')}
              </Button>
            </Popconfirm>
            <Button type="primary" icon={<EditOutlined />} onClick={() => edit('templates', template.id)} data-testid="finview-template-edit">
              {t('finviewTemplates.edit')}
            </Button>
          </>
        }
      />
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('finviewTemplates.kind')}>{t(`finviewTemplates.kinds.${template.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('finviewTemplates.published')}>{template.publishedVersion ? t('finviewTemplates.versionN', { n: template.publishedVersion }) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('finviewTemplates.draft')}>{template.draftVersion ? t('finviewTemplates.versionN', { n: template.draftVersion }) : '—'}</Descriptions.Item>
          {template.description ? <Descriptions.Item label={t('finviewTemplates.description')}>{template.description}</Descriptions.Item> : null}
        </Descriptions>
      </Card>
      <Card title={t('finviewTemplates.versions')}>
        <Typography.Paragraph type="secondary">{t('finviewTemplates.versionsHint')}</Typography.Paragraph>
        <Table<VersionSummary> dataSource={template.versions} rowKey="version" size="small" pagination={false} scroll={{ x: 'max-content' }} data-testid="finview-template-versions-table">
          <Table.Column<VersionSummary> key="version" title={t('finviewTemplates.version')} render={(_, row) => t('finviewTemplates.versionN', { n: row.version })} />
          <Table.Column<VersionSummary> key="status" title={t('finviewTemplates.statusTitle')} render={(_, row) => <VersionStatusTag status={row.status} />} />
          <Table.Column<VersionSummary> key="createdBy" title={t('finviewTemplates.createdBy')} render={(_, row) => <UserName user={row.createdBy} />} />
          <Table.Column<VersionSummary> key="updatedAt" title={t('finviewTemplates.updatedAt')} render={(_, row) => <RelativeDate value={row.updatedAt} />} />
          <Table.Column<VersionSummary> key="publishedBy" title={t('finviewTemplates.publishedBy')} render={(_, row) => (row.publishedAt ? <Space><UserName user={row.publishedBy} /><RelativeDate value={row.publishedAt} /></Space> : '—')} />
          <Table.Column<VersionSummary>
            key="open"
            title={t('finviewTemplates.actions')}
            render={(_, row) => (
              <Button size="small" onClick={() => setOpen(row.version)} data-testid={`finview-version-open-${row.version}`}>
                {t('finviewTemplates.open')}
              </Button>
            )}
          />
        </Table>
      </Card>
      <Drawer open={open !== null} onClose={() => setOpen(null)} width={720} title={open !== null ? t('finviewTemplates.versionN', { n: open }) : ''} destroyOnHidden>
        {open !== null ? <VersionView id={id} version={open} /> : null}
      </Drawer>
    </Flex>
  );
}

/** One version, read-only: its preview and its stored body, parameters and bindings. */
function VersionView({ id, version }: { id: string; version: number }) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const { query } = useCustom<TemplateVersion>({ url: api.templateVersion(id, version), method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const data = query.data?.data;
  if (query.isError) return <Alert type="error" showIcon message={errorText(query.error, t)} />;
  if (!data) return <Skeleton active />;
  const json = (value: unknown) => (
    <pre dir="ltr" style={{ maxBlockSize: 320, overflow: 'auto', fontSize: 12, margin: 0 }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
  return (
    <Flex vertical gap={16} data-testid="finview-version-view">
      {data.status === 'published' ? <Alert type="info" showIcon message={t('finviewTemplates.immutable')} /> : null}
      <TemplatePreview request={{ kind: data.kind, body: data.body, paramsSchema: data.paramsSchema, bindings: data.bindings }} />
      <Card size="small" title={t('finviewTemplates.tabs.params')}>{json(data.paramsSchema)}</Card>
      <Card size="small" title={t('finviewTemplates.tabs.bindings')}>{json(data.bindings)}</Card>
      <Card size="small" title={t('finviewTemplates.body')}>{json(data.body)}</Card>
    </Flex>
  );
}
