import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OutputAnswer, OutputStatus } from '../../../../common/domains/finview/model';
import { StatusTag } from '../../../components/status-tag';

const COLOURS: Record<OutputStatus, string> = {
  queued: 'default',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gold',
};

/** "Queued", "Rendering 42 %", "Succeeded"…: the status as the pages word it. */
export function useStatusText() {
  const { t } = useTranslation();
  return (status: OutputStatus, progress: number) =>
    status === 'running' ? t('finviewVideos.statusRunning', { percent: Math.round(progress) }) : t(`finviewVideos.status.${status}`);
}

/** The status tag, with a live bar while it renders. */
export function OutputStatusView({ output, compact = false }: { output: Pick<OutputAnswer, 'id' | 'status' | 'progress'>; compact?: boolean }) {
  const text = useStatusText();
  const label = text(output.status, output.progress);
  const active = output.status === 'queued' || output.status === 'running';
  return (
    // Side by side, the bar keeps the 12 px it had when the tag brought its own trailing margin.
    <Space direction={compact ? 'vertical' : 'horizontal'} size={compact ? 4 : 12} style={{ minWidth: compact ? 140 : undefined }}>
      <StatusTag status={output.status} colours={COLOURS} testId={`finview-status-${output.id}`}>
        {label}
      </StatusTag>
      {active ? (
        <Progress
          percent={Math.round(output.progress)}
          size="small"
          status="active"
          aria-label={label}
          style={{ minWidth: 120, marginBlock: 0 }}
          data-testid={`finview-progress-${output.id}`}
        />
      ) : null}
    </Space>
  );
}

export function ErrorDetail({ error }: { error: string | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Typography.Paragraph type="danger" style={{ marginBlock: 0 }}>
      {t('finviewVideos.failedBecause')} <Typography.Text code>{error}</Typography.Text>
    </Typography.Paragraph>
  );
}
