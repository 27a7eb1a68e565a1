import { DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useDataProvider, useInvalidate, useList } from '@refinedev/core';
import { Alert, Button, Card, Flex, Input, Skeleton, Space, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Ltr } from '../../i18n/formatting';
import { notify } from '../../providers';
import type { RouteSpec } from '../../resources/generate';
import { useRuntime } from '../../resources/registry-context';
import { CompanyForm, type CompanyValues } from './company-form';
import { CompanyUpload } from './company-upload';
import { catalogueMessage } from './error-catalogue';
import { EXCEL_API_KEY_HEADER, NEWS_API, saveFile, type Company } from './news-api';
import { PAGE_SIZES } from './news-query';

const COMPANY_SORT_FIELDS = ['compName', 'isin', 'ticker', 'exchange', 'sector', 'isActive'] as const;
type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];
const SEARCH_MAX_LENGTH = 100;
const LIST_PATH = '/news-management/news/companies';

/** Companies: the searchable list, the edit form, and (create) the Excel upload. */
export default function CompaniesPage({ route }: { route: RouteSpec }) {
  if (route.action === 'edit') return <CompanyEditPage />;
  if (route.action === 'create') return <CompanyUploadPage />;
  return <CompaniesList />;
}

interface CompanyListState {
  q: string;
  page: number;
  pageSize: number;
  sort?: { field: CompanySortField; order: 'asc' | 'desc' };
}

/** The list's search, page and order live in the URL, like the news list's. */
function useCompanyListState(defaultPageSize: number): [CompanyListState, (next: CompanyListState) => void] {
  const [search, setSearch] = useSearchParams();
  const state = useMemo<CompanyListState>(() => {
    const page = Number(search.get('page'));
    const size = Number(search.get('pageSize'));
    const [field, order] = (search.get('sort') ?? '').split(':');
    return {
      q: (search.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize,
      ...((COMPANY_SORT_FIELDS as readonly (string | undefined)[]).includes(field) && (order === 'asc' || order === 'desc')
        ? { sort: { field: field as CompanySortField, order } }
        : {}),
    };
  }, [search, defaultPageSize]);
  const setState = (next: CompanyListState) => {
    const params = new URLSearchParams();
    if (next.q) params.set('q', next.q);
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.pageSize !== defaultPageSize) params.set('pageSize', String(next.pageSize));
    if (next.sort) params.set('sort', `${next.sort.field}:${next.sort.order}`);
    setSearch(params);
  };
  return [state, setState];
}

function useTemplateDownload() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('custom is not implemented');
      const { data } = await custom<ArrayBuffer & Record<string, never>>({
        url: NEWS_API.excelTemplate,
        method: 'get',
        headers: { [EXCEL_API_KEY_HEADER]: config.excelApiKey },
        meta: { responseType: 'arraybuffer' },
      });
      saveFile(data as ArrayBuffer, 'companies-template.xlsx');
    } catch (error) {
      const message = catalogueMessage('excelTemplate', error, t);
      if (message) notify({ type: 'error', key: 'companies-template', message });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}

function CompaniesList() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const navigate = useNavigate();
  const { search: locationSearch } = useLocation();
  const defaultPageSize = (PAGE_SIZES as readonly number[]).includes(config.defaults.pageSize) ? config.defaults.pageSize : 20;
  const [state, setState] = useCompanyListState(defaultPageSize);
  const [term, setTerm] = useState(state.q);
  const template = useTemplateDownload();

  const { result, query: list } = useList<Company>({
    resource: 'companies',
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    filters: state.q ? [{ field: 'q', operator: 'eq', value: state.q }] : [],
    sorters: state.sort ? [state.sort] : [],
    queryOptions: { retry: false, placeholderData: (previous) => previous },
    // The catalogue keeps list failures silent: the table is simply empty.
    errorNotification: false,
    successNotification: false,
  });
  const rows = list.isError ? [] : result.data;

  const columns: TableColumnsType<Company> = [
    { key: 'compName', dataIndex: 'compName', title: t('news.companyFields.compName'), sorter: true },
    { key: 'isin', dataIndex: 'isin', title: t('news.companyFields.isin'), sorter: true },
    { key: 'ticker', dataIndex: 'ticker', title: t('news.companyFields.ticker'), sorter: true },
    { key: 'exchange', dataIndex: 'exchange', title: t('news.companyFields.exchange'), sorter: true, responsive: ['lg'] },
    { key: 'sector', dataIndex: 'sector', title: t('news.companyFields.sector'), sorter: true, responsive: ['lg'] },
    { key: 'email', dataIndex: 'email', title: t('news.companyFields.email'), responsive: ['xl'], render: (value: string | null) => (value ? <Ltr>{value}</Ltr> : null) },
    {
      key: 'isActive',
      dataIndex: 'isActive',
      title: t('news.companyFields.isActive'),
      sorter: true,
      render: (active: boolean) => <Tag color={active ? 'green' : 'default'}>{active ? t('generic.yes') : t('generic.no')}</Tag>,
    },
    {
      key: 'actions',
      title: t('news.actions'),
      render: (_, company) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('news.companies.edit')}
          data-testid={`company-edit-${company.companyId}`}
          // The API has no "get one company": the form takes the row, and the list's URL to return to.
          onClick={() => void navigate(`${LIST_PATH}/edit/${encodeURIComponent(String(company.companyId))}${locationSearch}`, { state: { company } })}
        />
      ),
    },
  ];
  for (const column of columns) {
    if (!column.sorter) continue;
    column.sortOrder = state.sort && column.key === state.sort.field ? (state.sort.order === 'asc' ? 'ascend' : 'descend') : null;
  }

  const onTableChange: TableProps<Company>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.columnKey as CompanySortField | undefined;
      const { sort: _previous, ...rest } = state;
      setState(one?.order && field ? { ...rest, page: 1, sort: { field, order: one.order === 'ascend' ? 'asc' : 'desc' } } : { ...rest, page: 1 });
      return;
    }
    const pageSize = pagination.pageSize ?? state.pageSize;
    setState({ ...state, page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1, pageSize });
  };

  return (
    <Flex vertical gap={16} data-testid="companies">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('resources.companies')}
      </Typography.Title>
      <Card size="small">
        <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
          <Input.Search
            id="companies-search"
            data-testid="companies-search"
            allowClear
            style={{ maxWidth: 360 }}
            placeholder={t('news.companies.search')}
            maxLength={SEARCH_MAX_LENGTH}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            onSearch={(value) => setState({ ...state, q: value.trim(), page: 1 })}
          />
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => void navigate(`${LIST_PATH}/create`)} data-testid="companies-upload">
              {t('news.upload.open')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={template.busy} onClick={() => void template.download()} data-testid="companies-template">
              {t('news.upload.template')}
            </Button>
          </Space>
        </Flex>
        <Table<Company>
          data-testid="companies-table"
          rowKey={(company) => String(company.companyId)}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: <span data-testid="companies-empty">{t('news.errors.noData')}</span> }}
          onChange={onTableChange}
          scroll={{ x: 800 }}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total: list.isError ? 0 : (result.total ?? 0),
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('news.total', { count: total }),
          }}
        />
      </Card>
    </Flex>
  );
}

function CompanyEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { state, search } = useLocation() as { state: { company?: Company } | null; search: string };
  const invalidate = useInvalidate();
  const [failure, setFailure] = useState<string | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);
  const { mutate, mutation } = useCustomMutation<{ result?: Company }, never, Partial<Company>>();
  const passed = state?.company && String(state.company.companyId) === id ? state.company : undefined;
  // Opened from the list, the row is the form's data; after a reload or from a link, the server's.
  const { result: loaded, query: loading } = useCustom<{ result?: Company }>({
    url: NEWS_API.company(id ?? ''),
    method: 'get',
    queryOptions: { enabled: !passed && Boolean(id), retry: false },
    errorNotification: false,
    successNotification: false,
  });
  const company = passed ?? (loading.isError ? undefined : loaded?.data?.result);
  const back = () => void navigate(`${LIST_PATH}${search}`);

  const save = (values: CompanyValues) => {
    if (!company) return;
    setFailure(null);
    mutate(
      {
        url: NEWS_API.updateCompany,
        method: 'post',
        values: { companyId: company.companyId, ...values },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          notify({ type: 'success', key: 'company-saved', message: t('news.companies.saved') });
          void invalidate({ resource: 'companies', invalidates: ['list'] });
          back();
        },
        onError: (error) => {
          setServerError(error);
          const message = catalogueMessage('companyUpdate', error, t);
          setFailure(message);
          if (message) notify({ type: 'error', key: 'company-save-error', message });
        },
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('news.companies.edit')}
      </Typography.Title>
      <Card>
        {company ? (
          <CompanyForm
            initial={company}
            saving={mutation.isPending}
            failure={failure}
            serverError={serverError}
            onSubmit={save}
            onCancel={back}
          />
        ) : loading.isError ? (
          <Alert
            type="error"
            showIcon
            data-testid="company-load-error"
            message={catalogueMessage('companyDetails', loading.error, t)}
            action={<Button onClick={back}>{t('news.back')}</Button>}
          />
        ) : (
          <Skeleton active data-testid="company-loading" />
        )}
      </Card>
    </Flex>
  );
}

function CompanyUploadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const template = useTemplateDownload();
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('news.upload.title')}
        </Typography.Title>
        <Button icon={<DownloadOutlined />} loading={template.busy} onClick={() => void template.download()} data-testid="companies-template">
          {t('news.upload.template')}
        </Button>
      </Flex>
      <Card>
        <CompanyUpload onClose={() => void navigate(LIST_PATH)} />
      </Card>
    </Flex>
  );
}
