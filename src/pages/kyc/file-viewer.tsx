import { BorderOutlined, ClearOutlined, ColumnWidthOutlined, ScissorOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Empty, Flex, Space, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../i18n/formatting';
import { AADHAAR_MASK_MINIMUM, maskCoversNumber } from '../../../common/domains/kyc/rules';
import type { KycExtracted, KycFile, KycRect } from './kyc-api';
import { useFileUrl } from './kyc-file';
import { fileErrorText } from '../../components/error-text';
import { MaskLayer } from './mask-layer';

const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;

const isImage = (file: KycFile) => file.contentType.startsWith('image/');
const isPdf = (file: KycFile) => file.contentType === 'application/pdf';

interface MaskProps {
  /** Offered for Aadhaar card images. */
  enabled: boolean;
  busy: boolean;
  onSave(rects: KycRect[]): Promise<boolean>;
}

/** An image with zoom, and the masking tool over it when offered. */
function ImageView({ url, file, mask }: { url: string; file: KycFile; mask: MaskProps }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // null: fit the panel's width.
  const [zoom, setZoom] = useState<number | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(
    file.width && file.height ? { width: file.width, height: file.height } : null,
  );
  const [masking, setMasking] = useState(false);
  const [rects, setRects] = useState<KycRect[]>([]);

  const current = zoom ?? 1;
  const stepZoom = (direction: 1 | -1) => {
    const index = ZOOMS.findIndex((value) => value >= current);
    const next = ZOOMS[Math.min(Math.max((index === -1 ? ZOOMS.length - 1 : index) + direction, 0), ZOOMS.length - 1)];
    setZoom(next ?? 1);
  };
  const addArea = () => {
    if (!natural) return;
    // A band across the middle, where a card's number usually is; the reviewer moves it.
    const width = Math.round(natural.width * 0.5);
    const height = Math.max(4, Math.round(natural.height * 0.12));
    setRects([...rects, { x: Math.round((natural.width - width) / 2), y: Math.round((natural.height - height) / 2), width, height }]);
  };
  // The server's own rule (kyc-rules.ts): a pixel in a corner does not hide a number.
  const bigEnough = natural !== null && maskCoversNumber(rects, natural.width, natural.height);
  const save = async () => {
    if (!bigEnough) return;
    if (await mask.onSave(rects)) {
      setRects([]);
      setMasking(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" wrap gap={8}>
        <Space.Compact>
          <Tooltip title={t('kyc.viewer.zoomOut')}>
            <Button icon={<ZoomOutOutlined />} aria-label={t('kyc.viewer.zoomOut')} onClick={() => stepZoom(-1)} disabled={zoom !== null && zoom <= ZOOMS[0]} />
          </Tooltip>
          <Button icon={<ColumnWidthOutlined />} onClick={() => setZoom(null)} aria-pressed={zoom === null} data-testid="kyc-zoom-fit">
            {zoom === null ? t('kyc.viewer.fit') : <Ltr>{`${Math.round(current * 100)} %`}</Ltr>}
          </Button>
          <Tooltip title={t('kyc.viewer.zoomIn')}>
            <Button icon={<ZoomInOutlined />} aria-label={t('kyc.viewer.zoomIn')} onClick={() => stepZoom(1)} disabled={zoom !== null && zoom >= ZOOMS[ZOOMS.length - 1]!} data-testid="kyc-zoom-in" />
          </Tooltip>
        </Space.Compact>
        {mask.enabled && !masking ? (
          <Button icon={<ScissorOutlined />} onClick={() => setMasking(true)} data-testid="kyc-mask-start">
            {t('kyc.mask.start')}
          </Button>
        ) : null}
      </Flex>
      {masking ? (
        <Flex vertical gap={8} data-testid="kyc-mask-tools">
          <Alert type="info" showIcon message={t('kyc.mask.hint')} />
          <Space wrap>
            <Button size="small" icon={<BorderOutlined />} onClick={addArea} data-testid="kyc-mask-add">
              {t('kyc.mask.add')}
            </Button>
            <Button size="small" icon={<ClearOutlined />} onClick={() => setRects([])} disabled={rects.length === 0}>
              {t('kyc.mask.clear')}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setRects([]);
                setMasking(false);
              }}
            >
              {t('buttons.cancel')}
            </Button>
            <Button
              size="small"
              type="primary"
              loading={mask.busy}
              disabled={!bigEnough}
              onClick={() => void save()}
              aria-describedby={rects.length > 0 && !bigEnough ? 'kyc-mask-too-small' : undefined}
              data-testid="kyc-mask-save"
            >
              {t('kyc.mask.save')}
            </Button>
          </Space>
          {rects.length > 0 && !bigEnough ? (
            <Alert id="kyc-mask-too-small" type="warning" showIcon message={t('server.kycMaskTooSmall', AADHAAR_MASK_MINIMUM)} data-testid="kyc-mask-too-small" />
          ) : null}
        </Flex>
      ) : null}
      {/* Pixels run left to right whatever the page's direction: the layer's arithmetic depends on it. */}
      <div dir="ltr" style={{ overflow: 'auto', maxHeight: '70vh', background: token.colorFillQuaternary, borderRadius: token.borderRadius }} data-testid="kyc-image-frame">
        <div style={{ position: 'relative', width: zoom === null || !natural ? '100%' : natural.width * zoom, margin: zoom === null ? undefined : '0 auto' }}>
          <img
            src={url}
            alt={t('kyc.viewer.imageAlt', { name: file.filename })}
            draggable={false}
            onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            style={{ display: 'block', width: '100%', height: 'auto', userSelect: 'none' }}
            data-testid="kyc-image"
            data-masked={file.masked ? 'true' : 'false'}
          />
          {masking && natural ? <MaskLayer naturalWidth={natural.width} naturalHeight={natural.height} rects={rects} onChange={setRects} /> : null}
        </div>
      </div>
    </Flex>
  );
}

/** The fields read from a digital Aadhaar's signed data, with the ones that disagree with the subject flagged. */
export function ExtractedFields({ extracted }: { extracted: KycExtracted }) {
  const { t } = useTranslation();
  const mismatches = new Set(extracted.mismatches ?? []);
  const entries = Object.entries(extracted).filter(([key, value]) => key !== 'mismatches' && value !== null && value !== undefined && typeof value !== 'object');
  if (entries.length === 0) return <Empty description={t('kyc.viewer.nothingExtracted')} />;
  return (
    <Descriptions size="small" column={1} bordered data-testid="kyc-extracted">
      {entries.map(([key, value]) => (
        <Descriptions.Item key={key} label={t(`kyc.fields.${key}`, { defaultValue: key })}>
          <Space wrap>
            <Ltr>{String(value)}</Ltr>
            {mismatches.has(key) ? (
              <Tag color="gold" data-testid={`kyc-mismatch-${key}`}>
                {t('kyc.viewer.mismatch')}
              </Tag>
            ) : null}
          </Space>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * One file version: images with zoom (and the masking tool), PDFs in a frame from an object
 * URL, a digital Aadhaar by the fields the server read from its signed data. The PDF's frame
 * is not sandboxed: Chromium shows no PDF in a sandboxed frame ("blocked"). Its blob is typed
 * application/pdf from the server's sniffed type, so the browser's PDF viewer is all that
 * opens it (never an HTML page), and the CSP lets frames come from blob: URLs only.
 */
export function FileViewer({ documentId, file, mask }: { documentId: number; file: KycFile; mask: MaskProps }) {
  const { t } = useTranslation();
  const { url, loading, error } = useFileUrl(documentId, isImage(file) || isPdf(file) ? file : null);
  if (!isImage(file) && !isPdf(file)) {
    return file.extracted ? <ExtractedFields extracted={file.extracted} /> : <Empty description={t('kyc.viewer.noPreview')} />;
  }
  if (error) return <Alert type="error" showIcon message={fileErrorText(error, t)} data-testid="kyc-file-error" />;
  if (loading || !url) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={t('kyc.viewer.loading')} />
      </Flex>
    );
  }
  if (isImage(file)) return <ImageView key={`${file.id}:${file.masked}`} url={url} file={file} mask={mask} />;
  return (
    <Flex vertical gap={8}>
      <iframe
        src={url}
        referrerPolicy="no-referrer"
        title={t('kyc.viewer.pdfTitle', { name: file.filename })}
        style={{ width: '100%', height: '70vh', border: 0 }}
        data-testid="kyc-pdf"
      />
      <Typography.Text type="secondary">{t('kyc.viewer.pdfHint')}</Typography.Text>
    </Flex>
  );
}
