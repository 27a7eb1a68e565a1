import { Table, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../i18n/formatting';
import type { FeedProblem, FeedRunAnswer } from '../../../../common/domains/announcements/model';

/** A problem as the server may send it: some reasons carry values (`entryTooLong`: `limit`). */
type Problem = FeedProblem & { params?: Record<string, string | number> };

/** The entries a run refused: position (1-based for people), the exchange's id, the field and the reason in the reader's words. */
export function RunProblems({ run }: { run: FeedRunAnswer }) {
  const { t } = useTranslation();
  const problems = run.problems as Problem[];
  return (
    <div id={`feed-run-problems-${run.id}`}>
    <Table<Problem>
      dataSource={problems}
      rowKey={(problem) => `${problem.index}-${problem.field ?? ''}-${problem.reason}`}
      size="small"
      pagination={problems.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText: t('announcementFeeds.problems.none') }}
      aria-label={t('announcementFeeds.problems.title', { id: run.id })}
      data-testid={`feed-run-problems-${run.id}`}
      onRow={(problem) => ({ 'data-testid': `feed-run-problem-${run.id}-${problem.index}` }) as HTMLAttributes<HTMLElement>}
    >
      <Table.Column<Problem> key="entry" title={t('announcementFeeds.problems.entry')} render={(_, problem) => <Ltr>{problem.index + 1}</Ltr>} width={90} />
      <Table.Column<Problem>
        key="sourceId"
        title={t('announcementFeeds.problems.sourceId')}
        render={(_, problem) => (problem.sourceId ? <Ltr>{problem.sourceId}</Ltr> : <Typography.Text type="secondary">—</Typography.Text>)}
      />
      <Table.Column<Problem>
        key="field"
        title={t('announcementFeeds.problems.field')}
        render={(_, problem) => (problem.field ? <Typography.Text code>{problem.field}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>)}
      />
      <Table.Column<Problem>
        key="reason"
        title={t('announcementFeeds.problems.reason')}
        render={(_, problem) => t(`serverField.${problem.reason}`, { ...problem.params, defaultValue: problem.reason })}
      />
    </Table>
    </div>
  );
}
