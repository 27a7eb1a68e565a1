import { StopOutlined } from '@ant-design/icons';
import { useNavigation } from '@refinedev/core';
import { Button, Card, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OutputAnswer } from '../../../../common/domains/finview/model';
import type { LiveOutputs } from '../videos/output-events';
import { withLive } from '../videos/output-events';
import { useOutputActions } from '../videos/output-actions';
import { ErrorDetail, useStatusText } from '../videos/output-status';

/** The submitted render: a bar fed by the event stream, its status, Cancel, and the link once it is done. */
export function JobCard({ output, live, onChange }: { output: OutputAnswer; live: LiveOutputs; onChange(next: OutputAnswer): void }) {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const statusText = useStatusText();
  const { run, busy } = useOutputActions((_, next) => {
    if (next) onChange(next);
  });
  const current = withLive(output, live);
  const active = current.status === 'queued' || current.status === 'running';
  const percent = current.status === 'succeeded' ? 100 : Math.round(current.progress);
  const barStatus = current.status === 'failed' ? 'exception' : current.status === 'succeeded' ? 'success' : active ? 'active' : 'normal';
  return (
    <Card title={t('finviewCreate.job', { title: current.title })} data-testid="finview-job" data-output={current.id} data-status={current.status}>
      <Flex vertical gap={12}>
        <Progress percent={percent} status={barStatus} aria-label={t('finviewCreate.progress')} data-testid="finview-progress" />
        <Typography.Text strong role="status" aria-live="polite" data-testid="finview-status" data-status={current.status}>
          {statusText(current.status, current.progress)}
        </Typography.Text>
        {current.status === 'failed' ? <ErrorDetail error={current.error} /> : null}
        <Flex gap={8} wrap>
          {active ? (
            <Button icon={<StopOutlined />} danger loading={busy} onClick={() => void run('cancel', current)} data-testid="finview-cancel">
              {t('finviewVideos.cancel')}
            </Button>
          ) : null}
          {current.status === 'succeeded' ? (
            <Link to={showUrl('videos', current.id)} data-testid="finview-open-output">
              {current.kind === 'report' ? t('finviewCreate.openReport') : t('finviewCreate.openVideo')}
            </Link>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
