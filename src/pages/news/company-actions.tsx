import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { CanAccess, useDataProvider, useNavigation } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../providers';
import { useRuntime } from '../../registry/registry-context';
import { catalogueMessage } from './error-catalogue';
import { EXCEL_API_KEY_HEADER, useNewsApi } from './news-api';
import { saveFile } from '../../components/save-file';

// The companies list's own header buttons (its definition's `headerActions`): the Excel
// upload, which is the resource's create page, and the template that upload accepts.

function useTemplateDownload() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const newsApi = useNewsApi();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('custom is not implemented');
      const { data } = await custom<ArrayBuffer & Record<string, never>>({
        url: newsApi.excelTemplate,
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

export function CompanyTemplateButton() {
  const { t } = useTranslation();
  const template = useTemplateDownload();
  return (
    <Button icon={<DownloadOutlined />} loading={template.busy} onClick={() => void template.download()} data-testid="companies-template">
      {t('news.upload.template')}
    </Button>
  );
}

export function CompanyUploadButton() {
  const { t } = useTranslation();
  const { create } = useNavigation();
  return (
    <CanAccess resource="companies" action="create">
      <Button icon={<UploadOutlined />} onClick={() => create('companies')} data-testid="companies-upload">
        {t('news.upload.open')}
      </Button>
    </CanAccess>
  );
}
