import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { getDefaultFilter, useNavigation, type CrudFilters, type HttpError } from '@refinedev/core';
import { Card, DatePicker, Flex, Form, Input, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRuntime } from '../../registry/registry-context';
import { KYC_DOCUMENT_TYPES, KYC_STATUSES, type KycDocumentType, type KycStatus } from '../../../common/domains/kyc/model';
import { FilterSelect } from '../form-select';
import { useFollowLocation } from '../generic/follow-location';
import type { KycDocument } from './kyc-api';
import { KycStatusTag, ScanTag, UserRef } from './kyc-format';
import { PageHeader } from '../../components/page-header';
import { RelativeDate } from '../../components/relative-date';

interface Filters {
  q?: string;
  status?: KycStatus;
  type?: KycDocumentType;
  assignee?: 'me';
  days?: [Dayjs | null, Dayjs | null];
}

const DAY = 'YYYY-MM-DD';

/** The review queue: documents on server pages, filtered and ordered by the server, the state kept in the URL. */
export default function KycDocumentsList() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const { show, showUrl } = useNavigation();
  const table = useTable<KycDocument, HttpError, Filters>({
    resource: 'kyc-documents',
    pagination: { pageSize: config.defaults.pageSize, mode: 'server' },
    sorters: { mode: 'server', initial: [{ field: 'updatedAt', order: 'desc' }] },
    filters: { mode: 'server' },
    syncWithLocation: true,
    onSearch: ({ q, status, type, assignee, days }): CrudFilters => [
      { field: 'q', operator: 'contains', value: q?.trim() || undefined },
      { field: 'status', operator: 'eq', value: status },
      { field: 'type', operator: 'eq', value: type },
      { field: 'assignee', operator: 'eq', value: assignee },
      { field: 'from', operator: 'eq', value: days?.[0]?.format(DAY) },
      { field: 'to', operator: 'eq', value: days?.[1]?.format(DAY) },
    ],
  });
  const { tableProps, searchFormProps, sorters, filters } = table;
  useFollowLocation(table);

  // The filter bar shows the filters in force, also when they came from the URL (a link, back).
  const inForce = (field: string) => (getDefaultFilter(field, filters, 'eq') ?? getDefaultFilter(field, filters, 'contains')) as string | undefined;
  const q = inForce('q');
  const status = inForce('status');
  const type = inForce('type');
  const assignee = inForce('assignee');
  const from = inForce('from');
  const to = inForce('to');
  useEffect(() => {
    searchFormProps.form?.setFieldsValue({
      q,
      status: status as KycStatus | undefined,
      type: type as KycDocumentType | undefined,
      assignee: assignee === 'me' ? 'me' : undefined,
      days: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined,
    });
  }, [q, status, type, assignee, from, to, searchFormProps.form]);
  const submit = () => searchFormProps.form?.submit();
  // Each applies at once; "anyone" is no assignee filter (the API takes `me` or a user id).
  const selects: Array<{ name: 'status' | 'type' | 'assignee'; label: string; placeholder: string; width: number; options: Array<{ value: string; label: string }> }> = [
    { name: 'status', label: 'kyc.list.status', placeholder: 'kyc.list.anyStatus', width: 170, options: KYC_STATUSES.map((value) => ({ value, label: t(`kyc.status.${value}`) })) },
    { name: 'type', label: 'kyc.list.type', placeholder: 'kyc.list.anyType', width: 190, options: KYC_DOCUMENT_TYPES.map((value) => ({ value, label: t(`kyc.types.${value}`) })) },
    { name: 'assignee', label: 'kyc.list.assignee', placeholder: 'kyc.list.anyone', width: 170, options: [{ value: 'me', label: t('kyc.list.me') }] },
  ];

  return (
    <Flex vertical gap={16} data-testid="kyc-documents-page">
      <PageHeader icon="FileProtectOutlined" title={t('resources.kyc-documents')} />
      <Card>
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} data-testid="kyc-documents-filters">
          <Form.Item name="q">
            <Input.Search
              allowClear
              maxLength={100}
              placeholder={t('kyc.list.search')}
              aria-label={t('kyc.list.search')}
              onSearch={submit}
              style={{ width: 240 }}
              data-testid="kyc-documents-search"
            />
          </Form.Item>
          {selects.map(({ name, label, placeholder, width, options }) => (
            <Form.Item key={name} name={name}>
              <FilterSelect label={t(label)} placeholder={t(placeholder)} width={width} testId={`kyc-filter-${name}`} onChange={submit} options={options} />
            </Form.Item>
          ))}
          <Form.Item name="days" label={t('kyc.list.updated')}>
            <DatePicker.RangePicker onChange={submit} format={DAY} allowEmpty={[true, true]} data-testid="kyc-filter-days" />
          </Form.Item>
        </Form>
        <Table<KycDocument>
          {...tableProps}
          rowKey="id"
          scroll={{ x: 'max-content' }}
          pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('generic.total', { count: total }) }}
          onRow={(record) => ({ onClick: () => show('kyc-documents', record.id), style: { cursor: 'pointer' } })}
          locale={{ emptyText: <span data-testid="kyc-documents-empty">{t('kyc.list.empty')}</span> }}
          data-testid="kyc-documents-table"
        >
          <Table.Column<KycDocument>
            key="subjectName"
            dataIndex="subjectName"
            title={t('kyc.list.subject')}
            sorter
            sortOrder={getDefaultSortOrder('subjectName', sorters) ?? null}
            render={(name: string, record) => (
              // The keyboard's way in: the row's click is the mouse's.
              <Link to={showUrl('kyc-documents', record.id)} onClick={(event) => event.stopPropagation()} data-testid={`kyc-open-${record.id}`}>
                {name}
              </Link>
            )}
          />
          <Table.Column<KycDocument>
            key="type"
            dataIndex="type"
            title={t('kyc.list.type')}
            sorter
            sortOrder={getDefaultSortOrder('type', sorters) ?? null}
            render={(value: KycDocumentType) => t(`kyc.types.${value}`, { defaultValue: value })}
          />
          <Table.Column<KycDocument>
            key="status"
            dataIndex="status"
            title={t('kyc.list.status')}
            sorter
            sortOrder={getDefaultSortOrder('status', sorters) ?? null}
            render={(value: KycStatus) => <KycStatusTag status={value} />}
          />
          <Table.Column<KycDocument> key="uploadedBy" title={t('kyc.list.uploadedBy')} render={(_, record) => <UserRef user={record.file?.uploadedBy} />} />
          <Table.Column<KycDocument>
            key="updatedAt"
            dataIndex="updatedAt"
            title={t('kyc.list.updated')}
            sorter
            sortOrder={getDefaultSortOrder('updatedAt', sorters) ?? null}
            render={(value: string) => <RelativeDate value={value} />}
          />
          <Table.Column<KycDocument> key="scan" title={t('kyc.list.scan')} render={(_, record) => <ScanTag status={record.file?.scanStatus} />} />
          <Table.Column<KycDocument> key="assignee" title={t('kyc.list.assignee')} render={(_, record) => <UserRef user={record.assignee} />} />
        </Table>
      </Card>
    </Flex>
  );
}
