import { Alert, Card, Flex, Slider, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProblemList } from './problem-list';
import { usePreview, type PreviewRequest } from './use-preview';

/** The live preview of the draft: a frame at `at` (videos, slider) or the report's first page. */
export function TemplatePreview({ request, durationSeconds, at, onAt }: { request: PreviewRequest | null; durationSeconds?: number | undefined; at?: number | undefined; onAt?(at: number | undefined): void }) {
  const { t } = useTranslation();
  const { url, loading, failure } = usePreview(request);
  return (
    <Card size="small" title={t('finviewTemplates.preview')} extra={loading ? <Spin size="small" /> : null} data-testid="finview-preview">
      <Flex vertical gap={12}>
        {durationSeconds !== undefined && onAt ? (
          <Flex align="center" gap={12}>
            <Typography.Text id="finview-preview-at">{t('finviewTemplates.at')}</Typography.Text>
            <Slider
              style={{ flex: 1 }}
              min={0}
              max={durationSeconds}
              step={0.1}
              value={at ?? 0}
              onChange={(value: number) => onAt(value)}
              // The label goes on the handle (the element that takes the focus), not the slider's box.
              ariaLabelledByForHandle="finview-preview-at"
              tooltip={{ formatter: (value) => `${value ?? 0} s` }}
              data-testid="finview-preview-at"
            />
          </Flex>
        ) : null}
        {failure ? <Alert type="warning" showIcon message={failure.message} description={failure.problems.length > 0 ? <ProblemList problems={failure.problems} /> : undefined} data-testid="finview-preview-failure" /> : null}
        {url ? (
          <img src={url} alt={t('finviewTemplates.previewAlt')} style={{ inlineSize: '100%', blockSize: 'auto', opacity: loading ? 0.6 : 1, borderRadius: 4 }} data-testid="finview-preview-image" />
        ) : !failure ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
