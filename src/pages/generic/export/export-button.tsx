import { DownloadOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import { Button, Dropdown, type MenuProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../providers';
import { fileErrorText } from '../../../components/error-text';
import { saveFile } from '../../../components/save-file';

// "Export": the list's filtered rows, or the rows the user selected, as .xlsx or CSV, made
// by the server (`POST {endpoint}/export`, streamed) through the sealed data provider.

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportButtonProps {
  /** The export's API path (`/be-api-management/news/news/export`). */
  url: string;
  /** The file name's start: the resource. */
  name: string;
  /** The columns, in order, with their headers in the reader's language. */
  columns: ReadonlyArray<{ field: string; label: string; values?: Record<string, string> }>;
  /** The list's own query: its filters, sort and search, as the list sends them. */
  query: Readonly<Record<string, unknown>>;
  /** The selected rows' ids: offered as "Selected rows (N)" when there are some. */
  selection?: ReadonlyArray<string | number>;
}

const MIME: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/** The reader's zone, so date-times in the file read as they do on screen. */
function readerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function ExportButton({ url, name, columns, query, selection = [] }: ExportButtonProps) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<ArrayBuffer & Record<string, never>>();
  const busy = mutation.isPending;

  const run = (format: ExportFormat, selected: boolean) => {
    const timeZone = readerTimeZone();
    mutate(
      {
        url,
        method: 'post',
        values: {
          format,
          columns: columns.map(({ field, label, values }) => ({ field, label, ...(values ? { values } : {}) })),
          query,
          ...(selected ? { ids: selection.map(String) } : {}),
          ...(timeZone ? { timeZone } : {}),
        },
        meta: { responseType: 'arraybuffer' },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => saveFile(new Blob([data as ArrayBuffer], { type: MIME[format] }), `${name}-${dayjs().format('YYYYMMDD-HHmm')}.${format}`),
        onError: (error) => notify({ type: 'error', key: `export-${name}`, message: t('export.failed'), description: fileErrorText(error, t) }),
      },
    );
  };

  const count = selection.length;
  const items: MenuProps['items'] = [
    { key: 'filtered-xlsx', label: t('export.filteredXlsx'), onClick: () => run('xlsx', false) },
    { key: 'filtered-csv', label: t('export.filteredCsv'), onClick: () => run('csv', false) },
    ...(count > 0
      ? [
          { type: 'divider' as const },
          { key: 'selected-xlsx', label: t('export.selectedXlsx', { count }), onClick: () => run('xlsx', true) },
          { key: 'selected-csv', label: t('export.selectedCsv', { count }), onClick: () => run('csv', true) },
        ]
      : []),
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} disabled={busy || columns.length === 0}>
      <Button icon={<DownloadOutlined />} loading={busy} aria-busy={busy} data-testid="export-button">
        {busy ? t('export.busy') : t('export.button')}
      </Button>
    </Dropdown>
  );
}
