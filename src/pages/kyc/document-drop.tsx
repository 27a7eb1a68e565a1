import { CameraOutlined, DeleteOutlined, FileOutlined, FilePdfOutlined, FileZipOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../i18n/formatting';
import { KYC_ACCEPTED_KINDS, type KycDocumentType } from '../../../common/domains/kyc/model';
import { acceptFor, checkFile, kindsLabel, MAX_FILE_MB, type FileKind } from './file-check';
import { formatSize } from '../../components/file-size';

/** A file the reader picked for one document type, once its first bytes passed the check. */
export interface PickedFile {
  file: File;
  kind: FileKind;
}

const IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp'];
const takesImages = (type: KycDocumentType) => KYC_ACCEPTED_KINDS[type].some((kind) => IMAGE_KINDS.includes(kind));

/** An image's thumbnail from an object URL, revoked when the file changes or the preview goes. */
function Thumbnail({ file, alt }: { file: File; alt: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url ? <img src={url} alt={alt} style={{ maxWidth: 96, maxHeight: 72, objectFit: 'contain', borderRadius: 4 }} /> : null;
}

function KindIcon({ kind }: { kind: FileKind }) {
  const style = { fontSize: 32 };
  if (kind === 'pdf') return <FilePdfOutlined style={style} />;
  if (kind === 'zip') return <FileZipOutlined style={style} />;
  return <FileOutlined style={style} />;
}

interface DocumentDropProps {
  type: KycDocumentType;
  value: PickedFile | null;
  /** Said under the area: a refused file, or the server's reason for this type. */
  error?: string | undefined;
  onPick(picked: PickedFile | null): void;
  onRefused(message: string | undefined): void;
}

/**
 * One document type's drop area: the file stays in the browser (beforeUpload answers false)
 * until the whole form is sent. A picked file is checked at once (kind from its bytes, 10 MB)
 * and previewed: images as a thumbnail, PDFs and ZIPs by name and size. Phones get a
 * "Take a photo" button that opens the rear camera, beside the area that picks files.
 */
export function DocumentDrop({ type, value, error, onPick, onRefused }: DocumentDropProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const label = t(`kyc.types.${type}`);
  const errorId = `kyc-doc-${type}-error`;

  const take = (file: File) => {
    void checkFile(file, type).then((result) => {
      if (result.ok) {
        onRefused(undefined);
        onPick({ file, kind: result.kind });
        return;
      }
      onPick(null);
      if (result.reason === 'tooLarge') onRefused(t('kyc.upload.tooLarge', { name: file.name, mb: MAX_FILE_MB }));
      else if (result.reason === 'empty') onRefused(t('kyc.upload.empty', { name: file.name }));
      else onRefused(t('kyc.upload.wrongType', { name: file.name, allowed: kindsLabel(type) }));
    });
    return false;
  };

  return (
    <Flex vertical gap={6} data-testid={`kyc-doc-${type}`} data-picked={value ? 'true' : 'false'}>
      <Typography.Text strong id={`kyc-doc-${type}-label`}>
        {label}
      </Typography.Text>
      {value ? (
        <Flex
          align="center"
          gap={12}
          data-testid={`kyc-doc-${type}-preview`}
          style={{ border: `1px solid ${token.colorBorder}`, borderRadius: 8, padding: 8, minHeight: 88 }}
        >
          {IMAGE_KINDS.includes(value.kind) ? <Thumbnail file={value.file} alt={t('kyc.upload.previewOf', { type: label })} /> : <KindIcon kind={value.kind} />}
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text ellipsis={{ tooltip: value.file.name }}>
              <Ltr>{value.file.name}</Ltr>
            </Typography.Text>
            <Typography.Text type="secondary">
              <Ltr>{formatSize(value.file.size)}</Ltr>
            </Typography.Text>
          </Flex>
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('kyc.upload.removeFile', { type: label })}
            onClick={() => onPick(null)}
            data-testid={`kyc-doc-${type}-remove`}
          />
        </Flex>
      ) : (
        <Upload.Dragger
          accept={acceptFor(type)}
          multiple={false}
          showUploadList={false}
          beforeUpload={take}
          // The input inside is what a keyboard reaches: it says which document it takes.
          aria-describedby={error ? errorId : undefined}
          aria-labelledby={`kyc-doc-${type}-label`}
          style={{ padding: 0 }}
        >
          <Flex vertical align="center" gap={2} style={{ paddingInline: 8 }}>
            <InboxOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
            <Typography.Text>{t('kyc.upload.dropHint')}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('kyc.upload.accepts', { kinds: kindsLabel(type), mb: MAX_FILE_MB })}
            </Typography.Text>
          </Flex>
        </Upload.Dragger>
      )}
      {!value && takesImages(type) ? (
        <Upload accept="image/*" capture="environment" showUploadList={false} beforeUpload={take} className="kyc-camera">
          <Button size="small" icon={<CameraOutlined />} data-testid={`kyc-doc-${type}-camera`}>
            {t('kyc.upload.takePhoto', { type: label })}
          </Button>
        </Upload>
      ) : null}
      {error ? (
        <Typography.Text type="danger" id={errorId} role="alert" data-testid={`kyc-doc-${type}-error`}>
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
