import { Alert, Flex, Spin, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KycFile } from './kyc-api';
import { useFileUrl } from './kyc-file';
import { fileErrorText } from '../../components/error-text';

/** What identifies the bytes shown: a new mask or upload is a new revision, to be seen again. */
export function previewRevision(file: KycFile): string {
  return `${file.id}:${file.seq}:${file.masked}:${file.size}`;
}

/**
 * The masked Aadhaar card image beside the approve button: approving keeps only this image,
 * so the reviewer sees it first, whatever version the viewer shows. `onShown` is told once
 * the image has been drawn. The bytes are the viewer's (one fetch, one audited view) when it
 * shows the same version.
 */
export function MaskedPreview({ documentId, file, onShown }: { documentId: number; file: KycFile; onShown(revision: string): void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { url, loading, error } = useFileUrl(documentId, file);
  return (
    <Flex vertical gap={4} data-testid="kyc-masked-preview-box">
      <Typography.Text id="kyc-masked-preview-caption" type="secondary">
        {t('kyc.review.maskedPreview')}
      </Typography.Text>
      {error ? <Alert type="error" showIcon message={fileErrorText(error, t)} /> : null}
      {loading || !url ? (
        error ? null : <Spin size="small" aria-label={t('kyc.viewer.loading')} />
      ) : (
        <img
          src={url}
          alt={t('kyc.review.maskedPreviewAlt', { name: file.filename })}
          draggable={false}
          onLoad={() => onShown(previewRevision(file))}
          style={{ display: 'block', maxWidth: '100%', maxHeight: 220, objectFit: 'contain', alignSelf: 'flex-start', borderRadius: token.borderRadius, border: `1px solid ${token.colorBorder}` }}
          data-testid="kyc-masked-preview"
          data-revision={previewRevision(file)}
        />
      )}
    </Flex>
  );
}
