import { Button, Flex, Table, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../i18n/formatting';
import type { FeedRunAnswer, FeedRunStatus } from '../../../../common/domains/announcements/model';
import { RelativeDate } from '../../../components/relative-date';
import { StatusTag } from '../../../components/status-tag';
import { RUN_COUNTS } from './feeds-api';
import { RunProblems } from './run-problems';

const STATUS_COLOURS: Record<FeedRunStatus, string> = { running: 'blue', succeeded: 'green', failed: 'red' };

export function RunStatus({ run }: { run: Pick<FeedRunAnswer, 'status' | 'error'> }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} align="start">
      <StatusTag status={run.status} colours={STATUS_COLOURS}>
        {t(`announcementFeeds.status.${run.status}`)}
      </StatusTag>
      {run.error ? <Typography.Text type="danger">{t(`server.${run.error}`, { defaultValue: run.error })}</Typography.Text> : null}
    </Flex>
  );
}

/** The runs, newest first, with what each found; a row with problems opens to list them. */
export function RunsTable({ runs, loading }: { runs: readonly FeedRunAnswer[]; loading: boolean }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  const toggle = (id: number) => setExpanded((open) => (open.includes(id) ? open.filter((key) => key !== id) : [...open, id]));
  return (
    <Table<FeedRunAnswer>
      dataSource={[...runs]}
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <span data-testid="feed-runs-empty">{t('announcementFeeds.runs.empty')}</span> }}
      data-testid="feed-runs-table"
      onRow={(run) => ({ 'data-testid': `feed-run-row-${run.id}`, 'data-status': run.status }) as HTMLAttributes<HTMLElement>}
      expandable={{
        expandedRowKeys: [...expanded],
        rowExpandable: (run) => run.problems.length > 0,
        expandedRowRender: (run) => <RunProblems run={run} />,
        showExpandColumn: false,
      }}
    >
      <Table.Column<FeedRunAnswer> key="id" title={t('announcementFeeds.runs.id')} render={(_, run) => <Ltr>{`#${run.id}`}</Ltr>} />
      <Table.Column<FeedRunAnswer>
        key="feed"
        title={t('announcementFeeds.runs.feed')}
        render={(_, run) => (
          <Flex vertical gap={0}>
            <span>{run.feedName ?? t('announcementFeeds.runs.feedDeleted')}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {run.source} · {t(`announcementFeeds.trigger.${run.trigger}`)}
            </Typography.Text>
          </Flex>
        )}
      />
      <Table.Column<FeedRunAnswer> key="status" title={t('announcementFeeds.runs.status')} render={(_, run) => <RunStatus run={run} />} />
      <Table.Column<FeedRunAnswer> key="startedAt" title={t('announcementFeeds.runs.started')} render={(_, run) => <RelativeDate value={run.startedAt} />} />
      {RUN_COUNTS.map((count) => (
        <Table.Column<FeedRunAnswer>
          key={count}
          title={t(`announcementFeeds.counts.${count}`)}
          render={(_, run) => (
            <Ltr>
              <span data-testid={`feed-run-${run.id}-${count}`}>{run[count]}</span>
            </Ltr>
          )}
        />
      ))}
      <Table.Column<FeedRunAnswer>
        key="problems"
        title={t('announcementFeeds.runs.problems')}
        render={(_, run) =>
          run.problems.length > 0 ? (
            <Button
              size="small"
              aria-expanded={expanded.includes(run.id)}
              aria-controls={expanded.includes(run.id) ? `feed-run-problems-${run.id}` : undefined}
              onClick={() => toggle(run.id)}
              data-testid={`feed-run-problems-toggle-${run.id}`}
            >
              {t('announcementFeeds.runs.showProblems', { count: run.problems.length })}
            </Button>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          )
        }
      />
    </Table>
  );
}
