import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { getDefaultFilter, useNavigation, type CrudFilters, type HttpError } from '@refinedev/core';
import { Card, Flex, Form, Input, Table, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRuntime } from '../../../registry/registry-context';
import { OUTPUT_STATUSES, type Approval, type OutputAnswer, type OutputEvent, type OutputStatus, type TemplateKind } from '../../../../common/domains/finview/model';
import { FilterSelect } from '../../form-select';
import { useFollowLocation } from '../../generic/follow-location';
import { PageHeader } from '../../../components/page-header';
import { RelativeDate } from '../../../components/relative-date';
import { useLiveOutputs } from '../live-outputs';
import { withLive } from './output-events';
import { OutputStatusView } from './output-status';
import { UserName } from '../../../components/user-name';
import { Poster } from './poster';
import { durationText } from './format';

interface Filters {
  q?: string;
  status?: OutputStatus;
  approval?: Approval;
}

/** Videos and reports on server pages, kind as tabs, filters and page kept in the URL, status live from the event stream. */
export default function VideosList() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const { show, showUrl } = useNavigation();
  const table = useTable<OutputAnswer, HttpError, Filters>({
    resource: 'videos',
    pagination: { pageSize: config.defaults.pageSize, mode: 'server' },
    sorters: { mode: 'server', initial: [{ field: 'createdAt', order: 'desc' }] },
    filters: { mode: 'server', initial: [{ field: 'kind', operator: 'eq', value: 'video' }] },
    syncWithLocation: true,
    onSearch: ({ q, status, approval }): CrudFilters => [
      { field: 'q', operator: 'contains', value: q?.trim() || undefined },
      { field: 'status', operator: 'eq', value: status },
      { field: 'approval', operator: 'eq', value: approval },
    ],
  });
  const { tableProps, searchFormProps, sorters, filters, setFilters, tableQuery } = table;
  useFollowLocation(table);
  // A finished render on this page changes its row's size, duration and poster: the page is fetched again.
  const refetch = tableQuery.refetch;
  const rows = tableProps.dataSource;
  const shown = useRef<ReadonlySet<number>>(new Set());
  shown.current = new Set((rows ?? []).map((row) => row.id));
  const onFinished = useCallback(
    (event: OutputEvent) => {
      if (shown.current.has(event.outputId)) void refetch();
    },
    [refetch],
  );
  const { live } = useLiveOutputs(onFinished, () => void refetch());

  const inForce = (field: string) => (getDefaultFilter(field, filters, 'eq') ?? getDefaultFilter(field, filters, 'contains')) as string | undefined;
  const kind = (inForce('kind') as TemplateKind | undefined) ?? 'video';
  const q = inForce('q');
  const status = inForce('status');
  const approval = inForce('approval');
  useEffect(() => {
    searchFormProps.form?.setFieldsValue({ q, status: status as OutputStatus | undefined, approval: approval as Approval | undefined });
  }, [q, status, approval, searchFormProps.form]);
  const submit = () => searchFormProps.form?.submit();

  return (
    <Flex vertical gap={16} data-testid="finview-videos-page">
      <PageHeader icon="PlayCircleOutlined" title={t('resources.videos')} />
      <Card>
        <Tabs
          activeKey={kind}
          onChange={(key) => setFilters([{ field: 'kind', operator: 'eq', value: key }], 'merge')}
          items={[
            { key: 'video', label: <span data-testid="finview-tab-video">{t('finviewVideos.tabs.video')}</span> },
            { key: 'report', label: <span data-testid="finview-tab-report">{t('finviewVideos.tabs.report')}</span> },
          ]}
        />
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} data-testid="finview-videos-filters">
          <Form.Item name="q">
            <Input.Search allowClear maxLength={100} placeholder={t('finviewVideos.search')} aria-label={t('finviewVideos.search')} onSearch={submit} style={{ width: 240 }} data-testid="finview-videos-search" />
          </Form.Item>
          <Form.Item name="status">
            <FilterSelect
              label={t('finviewVideos.statusLabel')}
              placeholder={t('finviewVideos.anyStatus')}
              width={170}
              testId="finview-filter-status"
              onChange={submit}
              options={OUTPUT_STATUSES.map((value) => ({ value, label: t(`finviewVideos.status.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="approval">
            <FilterSelect
              label={t('finviewVideos.approvalLabel')}
              placeholder={t('finviewVideos.anyApproval')}
              width={170}
              testId="finview-filter-approval"
              onChange={submit}
              options={(['none', 'approved'] as const).map((value) => ({ value, label: t(`finviewVideos.approval.${value}`) }))}
            />
          </Form.Item>
        </Form>
        <Table<OutputAnswer>
          {...tableProps}
          dataSource={tableProps.dataSource?.map((row) => withLive(row, live))}
          rowKey="id"
          scroll={{ x: 'max-content' }}
          pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('generic.total', { count: total }) }}
          onRow={(record) => ({ onClick: () => show('videos', record.id), style: { cursor: 'pointer' } })}
          locale={{ emptyText: <span data-testid="finview-videos-empty">{t('finviewVideos.empty')}</span> }}
          data-testid="finview-videos-table"
        >
          <Table.Column<OutputAnswer> key="poster" title={t('finviewVideos.poster')} render={(_, record) => <Poster output={record} />} />
          <Table.Column<OutputAnswer>
            key="title"
            dataIndex="title"
            title={t('finviewVideos.title')}
            sorter
            sortOrder={getDefaultSortOrder('title', sorters) ?? null}
            render={(title: string, record) => (
              <Flex vertical>
                <Link to={showUrl('videos', record.id)} onClick={(event) => event.stopPropagation()} data-testid={`finview-open-${record.id}`}>
                  {title}
                </Link>
                <Typography.Text type="secondary">{record.templateName}</Typography.Text>
              </Flex>
            )}
          />
          <Table.Column<OutputAnswer>
            key="status"
            dataIndex="status"
            title={t('finviewVideos.statusLabel')}
            sorter
            sortOrder={getDefaultSortOrder('status', sorters) ?? null}
            render={(_, record) => <OutputStatusView output={record} compact />}
          />
          <Table.Column<OutputAnswer>
            key="duration"
            title={kind === 'report' ? t('finviewVideos.pages') : t('finviewVideos.duration')}
            render={(_, record) => (kind === 'report' ? (record.pages ?? '—') : durationText(record.durationSeconds))}
          />
          <Table.Column<OutputAnswer>
            key="madeBy"
            title={t('finviewVideos.madeBy')}
            render={(_, record) =>
              record.rule ? (
                <span>{t(`finviewVideos.origin.${record.origin}`, { name: record.rule.name })}</span>
              ) : (
                <UserName user={record.createdBy} />
              )
            }
          />
          <Table.Column<OutputAnswer>
            key="createdAt"
            dataIndex="createdAt"
            title={t('finviewVideos.createdAt')}
            sorter
            sortOrder={getDefaultSortOrder('createdAt', sorters) ?? null}
            render={(value: string) => <RelativeDate value={value} />}
          />
        </Table>
      </Card>
    </Flex>
  );
}
