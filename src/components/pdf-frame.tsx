import { Alert, Flex, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A report's PDF in a frame. The CSP lets frames load blob: URLs only (see kyc/file-viewer),
 * so the ticketed URL's bytes are fetched and shown from an object URL typed application/pdf.
 */
export function PdfFrame({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [objectUrl, setObjectUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | undefined;
    const controller = new AbortController();
    setFailed(false);
    fetch(url, { signal: controller.signal, credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        made = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: 'application/pdf' }));
        setObjectUrl(made);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  if (failed) return <Alert type="error" showIcon message={t('finviewVideos.mediaFailed')} />;
  if (!objectUrl) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={t('finviewVideos.loading')} />
      </Flex>
    );
  }
  return <iframe src={objectUrl} referrerPolicy="no-referrer" title={title} style={{ width: '100%', height: '75vh', border: 0 }} data-testid="finview-pdf" />;
}
