import { DownloadOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Flex, Skeleton, Space, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutputAnswer, OutputEvent } from '../../../../common/domains/finview/model';
import { Ltr } from '../../../i18n/formatting';
import { PdfFrame } from '../../../components/pdf-frame';
import { errorText } from '../../../components/error-text';
import type { PanelProps } from '../../generic/panels';
import { useLiveOutputs } from '../live-outputs';
import { durationText } from './format';
import { withLive } from './output-events';
import { useOutputActions } from './output-actions';
import { ErrorDetail, OutputStatusView } from './output-status';
import { useMedia } from './use-media';

/**
 * The named panel 'finview-output' under an output's fields on the generic show page: the
 * player (or the PDF), the live status while it renders, download, retry and cancel. Approval
 * is the workflow's (the show page's header), delete the generic one.
 */
export function OutputPanel({ record, definition }: PanelProps) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const fetched = record as unknown as OutputAnswer;
  const outputId = fetched.id;
  const refetch = useCallback(
    () => void invalidate({ resource: definition.name, invalidates: ['detail'], id: outputId }),
    [invalidate, definition.name, outputId],
  );
  const onFinished = useCallback(
    (event: OutputEvent) => {
      if (event.outputId === outputId) refetch();
    },
    [outputId, refetch],
  );
  const { live } = useLiveOutputs(onFinished, refetch);
  const output = withLive(fetched, live);
  const { media, query: mediaQuery } = useMedia(outputId, output.status === 'succeeded');
  const { run, busy } = useOutputActions(refetch);
  const active = output.status === 'queued' || output.status === 'running';

  return (
    <Flex vertical gap={12} data-testid="finview-output" data-output={output.id} data-status={output.status}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <OutputStatusView output={output} />
        <Space wrap>
          {media?.download ? (
            <Button icon={<DownloadOutlined />} href={media.download} data-testid="finview-download">
              {t('finviewVideos.download')}
            </Button>
          ) : null}
          {output.status === 'failed' || output.status === 'cancelled' ? (
            <Button icon={<RedoOutlined />} loading={busy} onClick={() => void run('retry', output)} data-testid="finview-retry">
              {t('finviewVideos.retry')}
            </Button>
          ) : null}
          {active ? (
            <Button danger icon={<StopOutlined />} loading={busy} onClick={() => void run('cancel', output)} data-testid="finview-cancel">
              {t('finviewVideos.cancel')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      {output.status === 'failed' ? <ErrorDetail error={output.error} /> : null}
      {output.kind === 'video' && output.width && output.height ? (
        <Typography.Text type="secondary">
          <Ltr>{`${durationText(output.durationSeconds)} · ${output.width}×${output.height}${output.fps ? ` · ${output.fps} fps` : ''}`}</Ltr>
        </Typography.Text>
      ) : null}
      {output.status !== 'succeeded' ? null : mediaQuery.isError ? (
        <Alert type="error" showIcon message={errorText(mediaQuery.error, t)} />
      ) : !media ? (
        <Skeleton.Image active />
      ) : output.kind === 'report' && media.pdf ? (
        <PdfFrame url={media.pdf} title={output.title} />
      ) : media.video ? (
        // Ranged requests on the ticketed URL: seeking works; a lapsed ticket asks for new URLs.
        <video
          key={media.video}
          src={media.video}
          poster={media.poster}
          controls
          preload="metadata"
          aria-label={output.title}
          style={{ width: '100%', maxHeight: '70vh', background: '#000', display: 'block' }}
          onError={() => void mediaQuery.refetch()}
          data-testid="finview-video"
        />
      ) : null}
    </Flex>
  );
}
