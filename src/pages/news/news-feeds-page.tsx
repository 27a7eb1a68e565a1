import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { useCustomMutation, useList } from '@refinedev/core';
import { Alert, Button, Card, Flex, Space, Table, Typography, type CheckboxProps, type TableColumnsType, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify, useRestoredList, useStoredState, VIEW_STATE_KEYS } from '../../providers';
import type { RouteSpec } from '../../../common/resources/generate';
import { useRuntime } from '../../registry/registry-context';
import { ChangeStatusModal } from './change-status-modal';
import { catalogueMessage, catalogueOutcome } from './error-catalogue';
import { EXCEL_API_KEY_HEADER, useNewsApi, newsKey, type NewsItem, type NewsRef } from './news-api';
import { PageHeader } from '../../components/page-header';
import { saveFile } from '../../components/save-file';
import { NewsDetailsDrawer, NewsDetailsView } from './news-details';
import { NewsFilterBar } from './news-filter-bar';
import { DateTime } from '../../i18n/formatting';
import { NewsStatusTag } from './news-format';
import { isNewsStatus, newsQueryFilters, newsQuerySorters, PAGE_SIZES, type NewsSortField } from './news-query';
import { useNewsQuery } from './use-news-query';
import { ExportButton } from '../generic/export/export-button';
import { useEndpointPath } from '../../registry/resource-urls';
import { queryOfFilters, queryOfSorters } from '../../providers';

/** News feeds: the list with its filters, and (show/edit routes) one item's details. */
export default function NewsFeedsPage({ route }: { route: RouteSpec }) {
  return route.action === 'list' ? <NewsFeedsList /> : <NewsItemPage />;
}

type Selected = ReadonlyMap<string, NewsRef & { headline: string }>;

function useExcelDownload() {
  const { t } = useTranslation();
  const newsApi = useNewsApi();
  const { config } = useRuntime();
  const { mutate, mutation } = useCustomMutation<ArrayBuffer & Record<string, never>, never, FormData>();
  const download = (items: readonly NewsRef[]) => {
    const form = new FormData();
    form.append(
      'newsItemsForExcel',
      JSON.stringify(items.map(({ newsItemId, tableName }) => ({ newsItemId, tableName }))),
    );
    mutate(
      {
        url: newsApi.excelDownload,
        method: 'post',
        values: form,
        config: { headers: { [EXCEL_API_KEY_HEADER]: config.excelApiKey } },
        meta: { responseType: 'arraybuffer' },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => saveFile(data as ArrayBuffer, `news-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`),
        onError: (error) => {
          const message = catalogueMessage('excelDownload', error, t);
          if (message) notify({ type: 'error', key: 'news-excel', message });
        },
      },
    );
  };
  return { download, downloading: mutation.isPending };
}

function NewsFeedsList() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const defaultPageSize = (PAGE_SIZES as readonly number[]).includes(config.defaults.pageSize)
    ? config.defaults.pageSize
    : 20;
  const [query, setQuery] = useNewsQuery(defaultPageSize);
  const [selected, setSelected] = useState<Selected>(new Map());
  const [statusFor, setStatusFor] = useState<readonly NewsRef[] | null>(null);
  const [details, setDetails] = useStoredState<NewsItem | null>(VIEW_STATE_KEYS.details, null, isStoredNewsItem);
  const { download, downloading } = useExcelDownload();
  const exportUrl = `${useEndpointPath('news-feeds')}/export`;

  const filters = useMemo(() => newsQueryFilters(query), [query]);
  const sorters = useMemo(() => newsQuerySorters(query), [query]);
  const [loaded, setLoaded] = useState<{ data: NewsItem[]; total: number }>();
  const restored = useRestoredList(VIEW_STATE_KEYS.newsList, loaded);
  const { result, query: list } = useList<NewsItem>({
    resource: 'news-feeds',
    pagination: { currentPage: query.page, pageSize: query.pageSize, mode: 'server' },
    filters,
    sorters,
    queryOptions: {
      retry: false,
      enabled: !restored.restoring,
      placeholderData: (previous) => previous ?? restored.placeholder,
    },
    errorNotification: false,
    successNotification: false,
  });
  const rows = useMemo(() => (list.isError ? [] : result.data), [list.isError, result.data]);
  const fresh = list.isSuccess && !list.isPlaceholderData ? list.data : undefined;
  useEffect(() => {
    if (fresh) setLoaded({ data: fresh.data, total: fresh.total });
  }, [fresh]);
  const outcome = list.isError ? catalogueOutcome('newsList', list.error) : null;

  const knownCompanies = useMemo(
    () => new Map(rows.map((row) => [String(row.companyId), row.companyName] as const)),
    [rows],
  );

  const columns: TableColumnsType<NewsItem> = [
    {
      key: 'headline',
      dataIndex: 'headline',
      title: t('news.fields.headline'),
      render: (headline: string, row) => (
        <Typography.Link onClick={() => setDetails(row)} data-testid="news-open-details">
          {headline}
        </Typography.Link>
      ),
    },
    { key: 'companyName', dataIndex: 'companyName', title: t('news.fields.companyName'), sorter: true },
    { key: 'source', dataIndex: 'source', title: t('news.fields.source'), responsive: ['lg'] },
    {
      key: 'publishedAt',
      dataIndex: 'publishedAt',
      title: t('news.fields.publishedAt'),
      sorter: true,
      render: (value: string) => <DateTime value={value} />,
    },
    {
      key: 'newsStatus',
      dataIndex: 'newsStatus',
      title: t('news.fields.newsStatus'),
      sorter: true,
      render: (status: NewsItem['newsStatus']) => <NewsStatusTag status={status} />,
    },
    {
      key: 'actions',
      title: t('news.actions'),
      render: (_, row) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('news.changeStatus.one')}
          onClick={() => setStatusFor([row])}
        />
      ),
    },
  ];
  for (const column of columns) {
    if (query.sort && column.key === query.sort.field) column.sortOrder = query.sort.order === 'asc' ? 'ascend' : 'descend';
    else if (column.sorter) column.sortOrder = null;
  }

  const onTableChange: TableProps<NewsItem>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.columnKey as NewsSortField | undefined;
      const { sort: _previous, ...rest } = query;
      setQuery(
        one?.order && field
          ? { ...rest, page: 1, sort: { field, order: one.order === 'ascend' ? 'asc' : 'desc' } }
          : { ...rest, page: 1 },
      );
      return;
    }
    const pageSize = pagination.pageSize ?? query.pageSize;
    setQuery({ ...query, page: pageSize === query.pageSize ? (pagination.current ?? 1) : 1, pageSize });
  };

  const selectedItems = [...selected.values()];
  const emptyText = outcome?.kind === 'error' ? catalogueMessage('newsList', list.error, t) : t('news.errors.noData');

  return (
    <Flex vertical gap={16} data-testid="news-feeds">
      <PageHeader title={t('resources.news-feeds')} />
      <NewsFilterBar query={query} onChange={setQuery} knownCompanies={knownCompanies} />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text data-testid="news-selected-count">
            {t('news.selected', { count: selected.size })}
          </Typography.Text>
          <Space wrap>
            <Button
              type="primary"
              disabled={selected.size === 0}
              onClick={() => setStatusFor(selectedItems)}
              data-testid="news-change-status"
            >
              {t('news.changeStatus.many')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={selected.size === 0}
              loading={downloading}
              onClick={() => download(selectedItems)}
              data-testid="news-download-excel"
            >
              {t('news.excel.download')}
            </Button>
            {/* Every item the filters match, not only this page (the button beside it: the selected ones). */}
            <ExportButton
              url={exportUrl}
              name="news"
              columns={(['headline', 'companyName', 'source', 'url', 'publishedAt', 'newsStatus', 'updatedBy'] as const).map((field) => ({ field, label: t(`news.fields.${field}`) }))}
              query={{ ...queryOfFilters(filters), ...queryOfSorters(sorters) }}
              selection={selectedItems.map((item) => String(item.newsItemId))}
            />
            <Button disabled={selected.size === 0} onClick={() => setSelected(new Map())}>
              {t('news.clearSelection')}
            </Button>
          </Space>
        </Flex>
        {outcome?.kind === 'error' ? (
          <Alert type="error" showIcon style={{ marginBottom: 12 }} message={emptyText} data-testid="news-list-error" />
        ) : null}
        <Table<NewsItem>
          data-testid="news-table"
          rowKey={newsKey}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: <span data-testid="news-list-empty">{t('news.errors.noData')}</span> }}
          onChange={onTableChange}
          scroll={{ x: 900 }}
          rowSelection={{
            preserveSelectedRowKeys: true,
            selectedRowKeys: [...selected.keys()],
            // antd hands these props to the row's <input>; its types omit aria-label.
            getCheckboxProps: (row) => ({ 'aria-label': t('news.selectItem', { headline: row.headline }) }) as CheckboxProps,
            onChange: (keys, chosen) => {
              const byKey = new Map(chosen.filter(Boolean).map((row) => [newsKey(row), row] as const));
              const next = new Map<string, NewsRef & { headline: string }>();
              for (const key of keys) {
                const row = byKey.get(String(key));
                const kept = selected.get(String(key));
                if (row) next.set(String(key), { newsItemId: row.newsItemId, tableName: row.tableName, headline: row.headline });
                else if (kept) next.set(String(key), kept);
              }
              setSelected(next);
            },
          }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: list.isError ? 0 : (result.total ?? 0),
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('news.total', { count: total }),
          }}
        />
      </Card>
      <NewsDetailsDrawer
        target={details}
        onClose={() => setDetails(null)}
        extra={
          details ? (
            <Button onClick={() => setStatusFor([details])} data-testid="news-details-change-status">
              {t('news.changeStatus.one')}
            </Button>
          ) : null
        }
      />
      <ChangeStatusModal
        items={statusFor ?? []}
        open={statusFor !== null}
        onClose={() => setStatusFor(null)}
        onDone={() => {
          setStatusFor(null);
          setSelected(new Map());
        }}
      />
    </Flex>
  );
}

/** What `details` may hold: a row of the list (storage is the user's to edit, so it is checked). */
function isStoredNewsItem(value: unknown): value is NewsItem | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const { newsItemId, tableName, newsStatus, headline } = value as Record<string, unknown>;
  return (typeof newsItemId === 'string' || typeof newsItemId === 'number') && typeof tableName === 'string' && typeof headline === 'string' && isNewsStatus(typeof newsStatus === 'string' ? newsStatus : null);
}

/** `show/:id?tableName=…&newsStatus=…`: one item on its own page, with its status change. */
function NewsItemPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const tableName = search.get('tableName');
  const status = search.get('newsStatus');
  const target =
    id && tableName && isNewsStatus(status) ? { newsItemId: id, tableName, newsStatus: status } : null;
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('news.details.title')} />
      <Card>
        {target ? (
          <NewsDetailsView
            target={target}
            extra={
              <Space>
                <Button onClick={() => setChanging(true)}>{t('news.changeStatus.one')}</Button>
                <Button onClick={() => void navigate(-1)}>{t('news.back')}</Button>
              </Space>
            }
          />
        ) : (
          <Alert type="warning" showIcon message={t('news.errors.noData')} />
        )}
      </Card>
      {target ? (
        <ChangeStatusModal items={[target]} open={changing} onClose={() => setChanging(false)} onDone={() => setChanging(false)} />
      ) : null}
    </Flex>
  );
}
