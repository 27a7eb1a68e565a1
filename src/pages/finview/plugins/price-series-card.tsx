import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Input, Popconfirm, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../../providers';
import type { PriceSeries } from '../../../../common/domains/finview/model';
import { formatSize } from '../../../components/file-size';
import { RelativeDate } from '../../../components/relative-date';
import { UserName } from '../../../components/user-name';
import { useFinviewApi } from '../finview-api';
import { errorText } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';
import { uploadProblemLines } from './plugin-config';

const SERIES_ACCEPT = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SERIES_MAX_BYTES = 5 * 1024 * 1024;

interface UploadValues {
  name: string;
  symbol?: string;
}

/** Price series for the `price-series` source: upload a spreadsheet (.xlsx/.csv), list, delete. */
export function PriceSeriesCard() {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const toast = useToast();
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines: string[] } | null>(null);
  const { query } = useCustom<PriceSeries[]>({ url: api.priceSeries, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const upload = useCustomMutation<PriceSeries, never, FormData>();
  const remove = useCustomMutation();
  const series = query.data?.data ?? [];

  const send = ({ name, symbol }: UploadValues) => {
    if (!file) {
      form.setFields([{ name: 'name', errors: [] }]);
      setFailure({ message: t('finviewPlugins.series.pickFile'), lines: [] });
      return;
    }
    setFailure(null);
    const body = new FormData();
    body.append('name', name.trim());
    if (symbol?.trim()) body.append('symbol', symbol.trim());
    body.append('file', file, file.name);
    upload.mutate(
      { url: api.priceSeries, method: 'post', values: body, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'finview-series', t('server.finviewSeriesSaved'));
          form.resetFields();
          setFile(null);
          void query.refetch();
        },
        onError: (error) => {
          form.setFields(fieldErrorsOf(error, ['name', 'symbol'] as const));
          const refused: unknown = error;
          setFailure({ message: errorText(refused, t), lines: isApiError(refused) ? uploadProblemLines(refused.body) : [] });
        },
      },
    );
  };

  const drop = (record: PriceSeries) =>
    remove.mutate(
      { url: api.priceSeriesOne(record.id), method: 'delete', values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'finview-series', t('finviewPlugins.series.deleted', { name: record.name }));
          void query.refetch();
        },
        onError: (error) => toast('error', 'finview-series', errorText(error, t)),
      },
    );

  return (
    <Card title={t('finviewPlugins.series.title')} data-testid="finview-price-series">
      <Flex vertical gap={16}>
        <Form form={form} layout="inline" onFinish={send} style={{ rowGap: 8 }}>
          <Form.Item name="name" label={t('finviewPlugins.series.name')} rules={[{ required: true, whitespace: true, message: t('finviewPlugins.required') }]}>
            <Input maxLength={120} style={{ width: 200 }} data-testid="finview-series-name" />
          </Form.Item>
          <Form.Item name="symbol" label={t('finviewPlugins.series.symbol')}>
            <Input maxLength={32} style={{ width: 120 }} data-testid="finview-series-symbol" />
          </Form.Item>
          <Form.Item label={t('finviewPlugins.series.file')}>
            <Upload
              accept={SERIES_ACCEPT}
              maxCount={1}
              fileList={file ? [{ uid: 'file', name: `${file.name} · ${formatSize(file.size)}`, status: 'done' }] : []}
              onRemove={() => setFile(null)}
              beforeUpload={(picked) => {
                if (picked.size > SERIES_MAX_BYTES) {
                  setFailure({ message: t('finviewPlugins.series.tooLarge'), lines: [] });
                  return Upload.LIST_IGNORE;
                }
                setFailure(null);
                setFile(picked);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="finview-series-pick">
                {t('finviewPlugins.series.pick')}
              </Button>
            </Upload>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={upload.mutation.isPending} data-testid="finview-series-upload">
              {t('finviewPlugins.series.upload')}
            </Button>
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">{t('finviewPlugins.series.hint')}</Typography.Text>
        {failure ? (
          <Alert
            type="error"
            showIcon
            message={failure.message}
            description={failure.lines.length > 0 ? <ul style={{ margin: 0, paddingInlineStart: 20 }}>{failure.lines.map((line) => <li key={line}>{line}</li>)}</ul> : undefined}
            data-testid="finview-series-failure"
          />
        ) : null}
        {query.isError ? <Alert type="error" showIcon message={errorText(query.error, t)} /> : null}
        <Table<PriceSeries> dataSource={series} rowKey="id" loading={query.isLoading} size="small" scroll={{ x: 'max-content' }} pagination={false} data-testid="finview-series-table">
          <Table.Column<PriceSeries> key="name" dataIndex="name" title={t('finviewPlugins.series.name')} />
          <Table.Column<PriceSeries> key="symbol" dataIndex="symbol" title={t('finviewPlugins.series.symbol')} render={(value: string) => <bdi>{value || '—'}</bdi>} />
          <Table.Column<PriceSeries> key="points" dataIndex="pointCount" title={t('finviewPlugins.series.points')} />
          <Table.Column<PriceSeries> key="days" title={t('finviewPlugins.series.days')} render={(_, record) => <bdi dir="ltr">{record.firstDay && record.lastDay ? `${record.firstDay} – ${record.lastDay}` : '—'}</bdi>} />
          <Table.Column<PriceSeries> key="filename" dataIndex="filename" title={t('finviewPlugins.series.filename')} render={(value: string) => <bdi>{value}</bdi>} />
          <Table.Column<PriceSeries> key="createdBy" title={t('finviewPlugins.series.createdBy')} render={(_, record) => <UserName user={record.createdBy} />} />
          <Table.Column<PriceSeries> key="createdAt" dataIndex="createdAt" title={t('finviewPlugins.series.createdAt')} render={(value: string) => <RelativeDate value={value} />} />
          <Table.Column<PriceSeries>
            key="actions"
            title={t('finviewPlugins.actions')}
            render={(_, record) => (
              <Popconfirm title={t('finviewPlugins.series.confirmDelete', { name: record.name })} onConfirm={() => drop(record)} okText={t('buttons.delete')} cancelText={t('buttons.cancel')}>
                <Button danger size="small" icon={<DeleteOutlined />} aria-label={t('finviewPlugins.series.delete', { name: record.name })} data-testid={`finview-series-delete-${record.id}`} />
              </Popconfirm>
            )}
          />
        </Table>
      </Flex>
    </Card>
  );
}
