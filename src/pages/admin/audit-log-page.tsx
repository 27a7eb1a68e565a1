import { useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Card, DatePicker, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateTime, Ltr } from '../../i18n/formatting';
import { useRuntime } from '../../registry/registry-context';
import { PageHeader } from '../../components/page-header';
import { FilterSelect } from '../form-select';
import type { AuditRecordAnswer as AuditRecord } from '../../../common/domains/admin/schemas';

interface Filters {
  entity?: string;
  action?: string;
  actor?: string;
  entityId?: string;
  days?: [Dayjs | null, Dayjs | null] | null;
}

const ENTITIES = ['user', 'enterprise', 'company', 'news', 'kyc_subject', 'kyc_document', 'kyc_settings'] as const;
/** What the server records (server/src/lib/audit.ts: recordAudit); an unknown one shows as recorded. */
const ACTIONS = [
  'register', 'create', 'update', 'delete', 'status', 'approve', 'disable', 'enable', 'reset-password', 'import', 'unlock',
  // KYC (docs/kyc.md): every look at a document is recorded too.
  'upload', 'reupload', 'view', 'download', 'reject', 'revision', 'reset', 'mask', 'claim',
] as const;
const entityLabelKey = (entity: string) => `admin.auditLog.entities.${entity}`;

function Snapshot({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(value, null, 2)}</pre>;
}

/** Who changed what and when; newest first, filtered on the server. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const { tableProps, searchFormProps, tableQuery } = useTable<AuditRecord, never, Filters>({
    resource: 'audit-log',
    pagination: { pageSize: config.defaults.pageSize },
    sorters: { initial: [{ field: 'at', order: 'desc' }] },
    syncWithLocation: false,
    onSearch: ({ entity, action, actor, entityId, days }): CrudFilters => [
      { field: 'entity', operator: 'eq', value: entity },
      { field: 'action', operator: 'eq', value: action },
      { field: 'actor', operator: 'contains', value: actor?.trim() },
      { field: 'entityId', operator: 'eq', value: entityId?.trim() },
      { field: 'dateFrom', operator: 'eq', value: days?.[0]?.format('YYYY-MM-DD') },
      { field: 'dateTo', operator: 'eq', value: days?.[1]?.format('YYYY-MM-DD') },
    ],
  });
  const submit = () => searchFormProps.form?.submit();
  // Past 10 000 matching records the server stops counting (x-total-capped): "at least".
  const capped = tableQuery.data?.capped === true;
  const actionLabel = (action: string) => t(`admin.auditLog.actions.${action}`, { defaultValue: action });

  return (
    <Flex vertical gap={16} data-testid="audit-log-page">
      <PageHeader title={t('admin.auditLog.title')} />
      <Card>
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="entity">
            <FilterSelect label={t('admin.auditLog.entity')} width={160} testId="audit-entity-filter" onChange={submit} options={ENTITIES.map((value) => ({ value, label: t(entityLabelKey(value)) }))} />
          </Form.Item>
          <Form.Item name="actor">
            <Input.Search allowClear placeholder={t('admin.auditLog.actor')} aria-label={t('admin.auditLog.actor')} onSearch={submit} data-testid="audit-actor-filter" />
          </Form.Item>
          <Form.Item name="action">
            <FilterSelect
              label={t('admin.auditLog.action')}
              placeholder={t('admin.auditLog.anyAction')}
              width={200}
              testId="audit-action-filter"
              onChange={submit}
              options={ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
            />
          </Form.Item>
          <Form.Item name="entityId">
            <Input.Search allowClear placeholder={t('admin.auditLog.entityId')} aria-label={t('admin.auditLog.entityId')} onSearch={submit} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="days">
            <DatePicker.RangePicker onChange={submit} />
          </Form.Item>
        </Form>
        <Table<AuditRecord>
          {...tableProps}
          pagination={{ ...tableProps.pagination, showTotal: (total) => t(capped ? 'generic.totalCapped' : 'generic.total', { count: total }) }}
          rowKey="id"
          scroll={{ x: true }}
          expandable={{
            expandedRowRender: (record) => (
              <Flex gap={24} wrap>
                <div style={{ minWidth: 260 }}>
                  <Typography.Text strong>{t('admin.auditLog.before')}</Typography.Text>
                  <Snapshot value={record.before} />
                </div>
                <div style={{ minWidth: 260 }}>
                  <Typography.Text strong>{t('admin.auditLog.after')}</Typography.Text>
                  <Snapshot value={record.after} />
                </div>
              </Flex>
            ),
          }}
        >
          <Table.Column<AuditRecord> dataIndex="at" title={t('admin.auditLog.at')} sorter render={(value: string) => <DateTime value={value} seconds />} />
          <Table.Column<AuditRecord>
            dataIndex="actorUsername"
            title={t('admin.auditLog.actor')}
            sorter
            render={(value: string | null) => (value === null ? <Tag>{t('admin.auditLog.system')}</Tag> : <Ltr>{value}</Ltr>)}
          />
          <Table.Column<AuditRecord> dataIndex="entity" title={t('admin.auditLog.entity')} sorter render={(value: string) => t(entityLabelKey(value), { defaultValue: value })} />
          <Table.Column<AuditRecord> dataIndex="entityId" title={t('admin.auditLog.entityId')} render={(value: string) => <Ltr>{value}</Ltr>} />
          <Table.Column<AuditRecord> dataIndex="action" title={t('admin.auditLog.action')} sorter render={(value: string) => (
              <Tag color="blue" data-action={value}>
                {actionLabel(value)}
              </Tag>
            )}
          />
        </Table>
      </Card>
    </Flex>
  );
}
