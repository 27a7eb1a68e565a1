import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../i18n/formatting';
import type { FeedRunAnswer } from '../../../../common/domains/announcements/model';
import type { CellProps } from '../../generic/cells';
import { RunStatus } from './runs-table';

/** A feed's schedule: the cron expression and its time zone, both left to right in any direction. */
export function FeedScheduleCell({ value, record }: CellProps) {
  return (
    <Flex vertical gap={0}>
      <Typography.Text code>
        <Ltr>{String(value)}</Ltr>
      </Typography.Text>
      {typeof record.timezone === 'string' ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <Ltr>{record.timezone}</Ltr>
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** A feed's last run as its result: status (with the failure's reason) and what it counted. */
export function FeedLastResultCell({ value, record }: CellProps) {
  const { t } = useTranslation();
  const run = value as FeedRunAnswer;
  return (
    <Flex vertical gap={2} data-testid={`feed-last-run-${String(record.id)}`}>
      <RunStatus run={run} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('announcementFeeds.lastRunSummary', { entries: run.entries, inserted: run.inserted, malformed: run.malformed })}
      </Typography.Text>
    </Flex>
  );
}
