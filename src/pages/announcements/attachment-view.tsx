import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model';
import { errorText } from '../../components/error-text';
import { PdfFrame } from '../../components/pdf-frame';
import { useAnnouncementsApi } from './announcements-api';

// The stored PDF, on demand: a sealed POST gives a ten-minute ticketed URL, shown in a frame.

export function AttachmentView({ detail }: { detail: AnnouncementDetail }) {
  const { t } = useTranslation();
  const api = useAnnouncementsApi();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setUrl(null);
    setError(null);
  }, [detail.id]);
  if (detail.attachmentError) {
    return <Alert type="warning" showIcon message={t(`server.${detail.attachmentError}`, { defaultValue: t('announcements.attachment.failed') })} data-testid="announcement-attachment-error" />;
  }
  if (!detail.hasAttachment) return null;
  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      setUrl(await api.attachment(detail.id));
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('announcements.attachment.title')} data-testid="announcement-attachment">
      {error ? <Alert type="error" showIcon message={error} style={{ marginBlockEnd: 8 }} /> : null}
      {url ? (
        <PdfFrame url={url} title={t('announcements.attachment.frame', { subject: detail.subject })} />
      ) : (
        <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void show()} data-testid="announcement-attachment-show">
          {t('announcements.attachment.show')}
        </Button>
      )}
    </Card>
  );
}
