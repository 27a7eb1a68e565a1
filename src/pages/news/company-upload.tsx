import { InboxOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Button, Flex, Space, Switch, Table, Typography, Upload, type TableColumnsType } from 'antd';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, uploadRowErrorsOf, useIdentity, type UploadRowError } from '../../providers';
import { COMPANY_FIELDS, COMPANY_TEXT_RULES, COMPANY_UPLOAD_MAX_BYTES, type CompanyField } from '../../../common/domains/news/company-rules';
import { previewCompaniesFile, type PreviewFailureReason, type PreviewJob, type PreviewRow } from '../../workers/preview-client';
import { catalogueMessage } from './error-catalogue';
import { useNewsApi } from './news-api';

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'ready'; invalid: number }
  | { kind: 'failed'; reason: PreviewFailureReason; headers?: string[] };

const PREVIEW_PAGE_SIZE = 1000;

/** The length limit a tooLong reason names (text fields have one; isActive is a boolean). */
const maxLengthOf = (field: CompanyField): number | undefined =>
  field in COMPANY_TEXT_RULES ? COMPANY_TEXT_RULES[field as keyof typeof COMPANY_TEXT_RULES].max : undefined;
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Upload companies: the file is read in a Web Worker and every row checked with
 * the company rule before anything is sent; the server then checks it again
 * and writes all rows or none.
 */
export function CompanyUpload({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const invalidate = useInvalidate();
  const newsApi = useNewsApi();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [rows, setRows] = useState<readonly PreviewRow[]>([]);
  const [receivedCount, setReceivedCount] = useState(0);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly UploadRowError[]>([]);
  const [serverFailure, setServerFailure] = useState<{ message: string; detail?: string } | null>(null);
  const job = useRef<PreviewJob | null>(null);
  const received = useRef<PreviewRow[]>([]);
  const frame = useRef<number | null>(null);
  const { mutate, mutation } = useCustomMutation<{ result?: { inserted?: number; updated?: number } }, never, FormData>();

  const stop = () => {
    job.current?.cancel();
    job.current = null;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  };
  useEffect(() => stop, []);

  const reset = () => {
    stop();
    received.current = [];
    setFile(null);
    setRows([]);
    setReceivedCount(0);
    setPhase({ kind: 'idle' });
    setServerErrors([]);
    setServerFailure(null);
    setOnlyErrors(false);
  };

  const pick = (picked: File) => {
    reset();
    setFile(picked);
    if (picked.size > COMPANY_UPLOAD_MAX_BYTES) {
      setPhase({ kind: 'failed', reason: 'tooLarge' });
      return;
    }
    setPhase({ kind: 'reading' });
    // Chunks arrive as separate tasks. While they do, only the count on screen moves (once
    // per frame); the table gets the rows once, at the end, so no task re-renders it per chunk.
    const showCount = () => {
      frame.current = null;
      setReceivedCount(received.current.length);
    };
    job.current = previewCompaniesFile(picked, {
      onRows: (chunk) => {
        for (const row of chunk) received.current.push(row);
        frame.current ??= requestAnimationFrame(showCount);
      },
      onDone: ({ invalid }) => {
        job.current = null;
        if (frame.current !== null) cancelAnimationFrame(frame.current);
        frame.current = null;
        setReceivedCount(received.current.length);
        // A transition: React renders the filled table in slices that yield to the page.
        startTransition(() => {
          setRows(received.current.slice());
          setPhase({ kind: 'ready', invalid });
          if (invalid > 0) setOnlyErrors(true);
        });
      },
      onFailed: (reason, headers) => {
        job.current = null;
        received.current = [];
        setRows([]);
        setPhase({ kind: 'failed', reason, ...(headers ? { headers } : {}) });
      },
    });
  };

  const send = () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('userId', identity?.id ?? '');
    setServerErrors([]);
    setServerFailure(null);
    mutate(
      {
        url: newsApi.uploadCompanies,
        method: 'post',
        values: form,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          notify({
            type: 'success',
            key: 'companies-upload',
            message: t('news.upload.done', { inserted: data?.result?.inserted ?? 0, updated: data?.result?.updated ?? 0 }),
          });
          void invalidate({ resource: 'companies', invalidates: ['list'] });
          reset();
          onClose();
        },
        onError: (error) => {
          const message = catalogueMessage('companyUpload', error, t);
          if (!message) return;
          const detail = (error as { message?: unknown }).message;
          setServerErrors(uploadRowErrorsOf(error, t));
          setServerFailure({ message, ...(typeof detail === 'string' && detail !== message ? { detail } : {}) });
        },
      },
    );
  };

  const serverByRow = useMemo(() => {
    const map = new Map<number, UploadRowError[]>();
    for (const error of serverErrors) map.set(error.row, [...(map.get(error.row) ?? []), error]);
    return map;
  }, [serverErrors]);

  const shown = useMemo(
    () => (onlyErrors ? rows.filter((row) => row.errors.length > 0 || serverByRow.has(row.row)) : rows),
    [rows, onlyErrors, serverByRow],
  );

  const fieldLabel = (field: string) => t(`news.companyFields.${field}`, { defaultValue: field });
  const columns: TableColumnsType<PreviewRow> = [
    { key: 'row', title: t('news.upload.row'), dataIndex: 'row', width: 80 },
    {
      key: 'errors',
      title: t('news.upload.problems'),
      width: 320,
      render: (_, row) => {
        const problems = [
          ...row.errors.map((error) => `${fieldLabel(error.field)}: ${t(`news.rules.${error.reason}`, { max: maxLengthOf(error.field) })}`),
          ...(serverByRow.get(row.row) ?? []).map((error) => `${fieldLabel(error.field)}: ${error.reason}`),
        ];
        return problems.length === 0 ? (
          <Typography.Text type="success">{t('news.upload.ok')}</Typography.Text>
        ) : (
          <Flex vertical gap={2} data-testid="upload-row-error" data-row={row.row}>
            {problems.map((problem) => (
              <Typography.Text key={problem} type="danger">
                {problem}
              </Typography.Text>
            ))}
          </Flex>
        );
      },
    },
    ...COMPANY_FIELDS.map((field) => ({
      key: field,
      title: t(`news.companyFields.${field}`),
      width: field === 'address' || field === 'compName' ? 220 : 140,
      ellipsis: true,
      render: (_: unknown, row: PreviewRow) => row.values[field],
    })),
  ];

  const invalid = phase.kind === 'ready' ? phase.invalid : 0;
  const canSend = phase.kind === 'ready' && invalid === 0 && rows.length > 0 && serverErrors.length === 0;

  return (
      <Flex vertical gap={12} data-testid="companies-upload-panel">
        <Upload.Dragger
          accept={XLSX_ACCEPT}
          multiple={false}
          showUploadList={false}
          beforeUpload={(picked) => {
            pick(picked);
            return false;
          }}
          data-testid="upload-picker"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : t('news.upload.pick')}</p>
          <p className="ant-upload-hint">{t('news.upload.hint', { mb: COMPANY_UPLOAD_MAX_BYTES / 1024 / 1024 })}</p>
        </Upload.Dragger>
        {phase.kind === 'reading' ? (
          <Alert type="info" showIcon message={t('news.upload.reading', { count: receivedCount })} data-testid="upload-reading" />
        ) : null}
        {phase.kind === 'failed' ? (
          <Alert
            type="error"
            showIcon
            data-testid="upload-failed"
            data-reason={phase.reason}
            message={t(`news.upload.failed.${phase.reason}`)}
            description={
              phase.reason === 'wrongHeaders'
                ? t('news.upload.expectedHeaders', { headers: COMPANY_FIELDS.join(', ') })
                : undefined
            }
          />
        ) : null}
        {phase.kind === 'ready' ? (
          <Alert
            type={invalid > 0 ? 'warning' : 'success'}
            showIcon
            data-testid="upload-summary"
            data-invalid={invalid}
            message={
              invalid > 0
                ? t('news.upload.summaryInvalid', { count: rows.length, invalid })
                : t('news.upload.summaryValid', { count: rows.length })
            }
          />
        ) : null}
        {serverFailure ? (
          <Alert
            type="error"
            showIcon
            data-testid="upload-server-error"
            message={serverFailure.message}
            description={serverFailure.detail}
          />
        ) : null}
        {/* Mounted from the start, empty: the table's first render (and its styles) is not paid
            for while a file is being previewed. */}
        <Flex align="center" gap={8}>
          <Switch size="small" checked={onlyErrors} onChange={setOnlyErrors} id="upload-only-errors" disabled={rows.length === 0} />
          <label htmlFor="upload-only-errors">{t('news.upload.onlyErrors')}</label>
        </Flex>
        <Table<PreviewRow>
          data-testid="upload-preview"
          virtual
          size="small"
          rowKey="row"
          columns={columns}
          dataSource={shown as PreviewRow[]}
          // Virtual rows inside pages of a thousand: each render walks one page, not 50 000 rows.
          pagination={{ pageSize: PREVIEW_PAGE_SIZE, showSizeChanger: false, size: 'small', hideOnSinglePage: true }}
          scroll={{ x: 1900, y: 360 }}
          rowClassName={(row) => (row.errors.length > 0 || serverByRow.has(row.row) ? 'upload-row-invalid' : '')}
          locale={{ emptyText: t('news.upload.noRows') }}
        />
        <Space>
          <Button type="primary" disabled={!canSend} loading={mutation.isPending} onClick={send} data-testid="upload-send">
            {t('news.upload.send', { count: rows.length })}
          </Button>
          <Button onClick={() => (reset(), onClose())}>{t('buttons.cancel')}</Button>
        </Space>
      </Flex>
  );
}
