import { Alert, Button, Card, Drawer, Flex, Skeleton, Space, Table, Typography } from 'antd';
import { useCustom } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateDetail, TemplateVersion, VersionSummary } from '../../../../common/domains/finview/model';
import { RelativeDate } from '../../../components/relative-date';
import { UserName } from '../../../components/user-name';
import { errorText } from '../../../components/error-text';
import type { PanelProps } from '../../generic/panels';
import { useFinviewApi } from '../finview-api';
import { TemplatePreview } from './template-preview';
import { VersionStatusTag } from './version-status-tag';

/**
 * The named panel 'finview-template-versions' under a template's fields on the generic show
 * page: its versions, newest first; any version opens read-only with its preview. Editing is
 * the editor's (the show page's Edit: actionPages.edit), archiving the generic delete.
 */
export function TemplateVersionsPanel({ record }: PanelProps) {
  const { t } = useTranslation();
  const template = record as unknown as TemplateDetail;
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Flex vertical gap={8} data-testid="finview-template-show">
      <Typography.Title level={5} style={{ marginBlock: 0 }}>
        {t('finviewTemplates.versions')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('finviewTemplates.versionsHint')}</Typography.Paragraph>
      <Table<VersionSummary> dataSource={template.versions ?? []} rowKey="version" size="small" pagination={false} scroll={{ x: 'max-content' }} data-testid="finview-template-versions-table">
        <Table.Column<VersionSummary> key="version" title={t('finviewTemplates.version')} render={(_, row) => t('finviewTemplates.versionN', { n: row.version })} />
        <Table.Column<VersionSummary> key="status" title={t('finviewTemplates.statusTitle')} render={(_, row) => <VersionStatusTag status={row.status} />} />
        <Table.Column<VersionSummary> key="createdBy" title={t('finviewTemplates.createdBy')} render={(_, row) => <UserName user={row.createdBy} />} />
        <Table.Column<VersionSummary> key="updatedAt" title={t('finviewTemplates.updatedAt')} render={(_, row) => <RelativeDate value={row.updatedAt} />} />
        <Table.Column<VersionSummary>
          key="publishedBy"
          title={t('finviewTemplates.publishedBy')}
          render={(_, row) => (row.publishedAt ? <Space><UserName user={row.publishedBy} /><RelativeDate value={row.publishedAt} /></Space> : '—')}
        />
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
      <Drawer open={open !== null} onClose={() => setOpen(null)} width={720} title={open !== null ? t('finviewTemplates.versionN', { n: open }) : ''} destroyOnHidden>
        {open !== null ? <VersionView id={String(template.id)} version={open} /> : null}
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
