import { CheckCircleOutlined, DeleteOutlined, DownloadOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import { ListButton } from '@refinedev/antd';
import { useNavigation, useOne } from '@refinedev/core';
import { Alert, Button, type ButtonProps, Card, Descriptions, Flex, Popconfirm, Result, Skeleton, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentity, useRole } from '../../../providers';
import type { OutputAnswer, OutputEvent } from '../../../../common/domains/finview/model';
import { Ltr } from '../../../i18n/formatting';
import { PageHeader } from '../../../components/page-header';
import { RelativeDate } from '../../../components/relative-date';
import { useLiveOutputs } from '../live-outputs';
import { durationText, sizeText } from './format';
import { withLive } from './output-events';
import { useOutputActions } from './output-actions';
import { ErrorDetail, OutputStatusView } from './output-status';
import { UserName } from '../../../components/user-name';
import { PdfFrame } from '../../../components/pdf-frame';
import { useMedia } from './use-media';
import { errorText } from '../../../components/error-text';

/** Why Approve is off for this reader, or null when it is on (the server checks the same, and says so). */
export function approveBlock(output: Pick<OutputAnswer, 'status' | 'approval' | 'createdBy'>, role: number | null, userId: string | null): string | null {
  if (output.approval === 'approved') return 'finviewVideos.why.approved';
  if (role === null || role > 1) return 'finviewVideos.why.admin';
  if (output.createdBy && userId !== null && String(output.createdBy.id) === userId) return 'finviewVideos.why.maker';
  if (output.status !== 'succeeded') return 'finviewVideos.why.notReady';
  return null;
}

/** One video or report: the player or the PDF, its facts, and what may be done with it. */
export default function OutputShow({ id }: { id: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { list } = useNavigation();
  const role = useRole();
  const identity = useIdentity();
  const { result, query } = useOne<OutputAnswer>({ resource: 'videos', id, queryOptions: { retry: false }, errorNotification: false });
  const refetch = query.refetch;
  const outputId = Number(id);
  const onFinished = useCallback((event: OutputEvent) => {
    if (event.outputId === outputId) void refetch();
  }, [outputId, refetch]);
  const { live } = useLiveOutputs(onFinished, () => void refetch());
  const output = result ? withLive(result, live) : undefined;
  const { media, query: mediaQuery } = useMedia(outputId, output?.status === 'succeeded');
  const { run, busy } = useOutputActions((action) => {
    if (action === 'delete') list('videos');
    else void refetch();
  });

  if (query.isError) {
    return <Result status="warning" title={errorText(query.error, t)} extra={<ListButton resource="videos">{t('resources.videos')}</ListButton>} />;
  }
  if (!output) return <Skeleton active />;

  const active = output.status === 'queued' || output.status === 'running';
  const blocked = approveBlock(output, role, identity?.id ?? null);
  const approve = (
    <Button type="primary" icon={<CheckCircleOutlined />} disabled={blocked !== null} loading={busy} onClick={() => void run('approve', output)} data-testid="finview-approve">
      {t('finviewVideos.approve')}
    </Button>
  );

  return (
    <Flex vertical gap={16} data-testid="finview-output" data-output={output.id} data-status={output.status}>
      <PageHeader
        icon={output.kind === 'report' ? 'FilePdfOutlined' : 'PlayCircleOutlined'}
        title={output.title}
        extra={
          <>
            <ListButton resource="videos">{t('resources.videos')}</ListButton>
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
            {blocked ? (
              <Tooltip title={t(blocked)}>
                <span>{approve}</span>
              </Tooltip>
            ) : (
              approve
            )}
            <Popconfirm
              title={t('finviewVideos.deleteConfirm', { title: output.title })}
              okText={t('buttons.delete')}
              cancelText={t('buttons.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'finview-delete-confirm' } as ButtonProps}
              onConfirm={() => run('delete', output)}
              disabled={active}
            >
              <Button danger icon={<DeleteOutlined />} disabled={active} data-testid="finview-delete">
                {t('buttons.delete')}
              </Button>
            </Popconfirm>
          </>
        }
      />
      {blocked ? <Typography.Text type="secondary" data-testid="finview-approve-reason">{t(blocked)}</Typography.Text> : null}
      <Flex gap={16} wrap align="start">
        <Card style={{ flex: '2 1 480px', minWidth: 0 }}>
          {output.status !== 'succeeded' ? (
            <Flex vertical gap={8}>
              <OutputStatusView output={output} />
              <ErrorDetail error={output.status === 'failed' ? output.error : null} />
            </Flex>
          ) : mediaQuery.isError ? (
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
        </Card>
        <Card style={{ flex: '1 1 300px', minWidth: 0 }}>
          {/* Labels in the secondary text colour: the default tertiary one is below WCAG AA on white. */}
          <Descriptions column={1} size="small" styles={{ label: { color: token.colorTextSecondary } }} data-testid="finview-output-facts">
            <Descriptions.Item label={t('finviewVideos.statusLabel')}>
              <OutputStatusView output={output} />
            </Descriptions.Item>
            <Descriptions.Item label={t('finviewVideos.approvalLabel')}>
              <Tag color={output.approval === 'approved' ? 'green' : 'default'} data-testid="finview-approval">{t(`finviewVideos.approval.${output.approval}`)}</Tag>
              {output.approvedBy ? <UserName user={output.approvedBy} /> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('finviewVideos.template')}>{`${output.templateName} · v${output.templateVersion}`}</Descriptions.Item>
            <Descriptions.Item label={t('finviewVideos.madeBy')}>
              <Space wrap>
                <UserName user={output.createdBy} />
                {output.rule ? <Tag>{t(`finviewVideos.origin.${output.origin}`, { name: output.rule.name })}</Tag> : null}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('finviewVideos.createdAt')}><RelativeDate value={output.createdAt} /></Descriptions.Item>
            {output.kind === 'video' ? (
              <Descriptions.Item label={t('finviewVideos.duration')}>
                <Ltr>{`${durationText(output.durationSeconds)}${output.width && output.height ? ` · ${output.width}×${output.height}` : ''}${output.fps ? ` · ${output.fps} fps` : ''}`}</Ltr>
              </Descriptions.Item>
            ) : (
              <Descriptions.Item label={t('finviewVideos.pages')}>{output.pages ?? '—'}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('finviewVideos.size')}><Ltr>{sizeText(output.bytes)}</Ltr></Descriptions.Item>
            {output.expiresAt ? (
              <Descriptions.Item label={t('finviewVideos.expires')}><RelativeDate value={output.expiresAt} /></Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
      </Flex>
    </Flex>
  );
}
