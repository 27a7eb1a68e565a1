import { DeleteOutlined, EditOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../i18n/formatting';
import type { FeedAnswer } from '../../../../common/domains/announcements/model';
import { RelativeDate } from '../../../components/relative-date';
import { RunStatus } from './runs-table';

interface FeedsTableProps {
  feeds: readonly FeedAnswer[];
  loading: boolean;
  /** Admin+: add, edit, delete and Run now; a User sees the same table without them. */
  editable: boolean;
  /** The feed whose runs are listed, when one is picked. */
  selected: number | undefined;
  onRuns(feed: FeedAnswer): void;
  onEdit(feed: FeedAnswer): void;
  onDelete(feed: FeedAnswer): void;
  onRunNow(feed: FeedAnswer): void;
  /** Feeds whose Run now is being sent. */
  starting: readonly number[];
}

/** The feeds: where each reads from, when, and what its last run found. */
export function FeedsTable({ feeds, loading, editable, selected, onRuns, onEdit, onDelete, onRunNow, starting }: FeedsTableProps) {
  const { t } = useTranslation();
  return (
    <Table<FeedAnswer>
      dataSource={[...feeds]}
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <span data-testid="feeds-empty">{t('announcementFeeds.empty')}</span> }}
      data-testid="feeds-table"
      onRow={(feed) => ({ 'data-testid': `feed-row-${feed.id}` }) as HTMLAttributes<HTMLElement>}
    >
      <Table.Column<FeedAnswer>
        key="name"
        title={t('announcementFeeds.feed')}
        render={(_, feed) => (
          <Flex vertical gap={2}>
            <Space size={8}>
              <Tag>{feed.source}</Tag>
              <span>{feed.name}</span>
            </Space>
            <Typography.Text type="secondary" style={{ maxWidth: 320, fontSize: 12 }} ellipsis={{ tooltip: feed.url }}>
              <Ltr>{feed.url}</Ltr>
            </Typography.Text>
          </Flex>
        )}
      />
      <Table.Column<FeedAnswer>
        key="schedule"
        title={t('announcementFeeds.schedule')}
        render={(_, feed) => (
          <Flex vertical gap={0}>
            <Typography.Text code>
              <Ltr>{feed.cron}</Ltr>
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <Ltr>{feed.timezone}</Ltr>
            </Typography.Text>
          </Flex>
        )}
      />
      <Table.Column<FeedAnswer>
        key="enabled"
        title={t('announcementFeeds.fields.enabled')}
        render={(_, feed) => <Tag color={feed.enabled ? 'green' : 'default'}>{feed.enabled ? t('announcementFeeds.on') : t('announcementFeeds.off')}</Tag>}
      />
      <Table.Column<FeedAnswer>
        key="lastRun"
        title={t('announcementFeeds.lastRun')}
        render={(_, feed) =>
          feed.lastRun ? (
            <Flex vertical gap={2} data-testid={`feed-last-run-${feed.id}`}>
              <RelativeDate value={feed.lastRun.startedAt} />
              <RunStatus run={feed.lastRun} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('announcementFeeds.lastRunSummary', {
                  entries: feed.lastRun.entries,
                  inserted: feed.lastRun.inserted,
                  malformed: feed.lastRun.malformed,
                })}
              </Typography.Text>
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('announcementFeeds.never')}</Typography.Text>
          )
        }
      />
      <Table.Column<FeedAnswer>
        key="nextRunAt"
        title={t('announcementFeeds.nextRun')}
        render={(_, feed) => (feed.enabled && feed.nextRunAt ? <RelativeDate value={feed.nextRunAt} /> : <Typography.Text type="secondary">—</Typography.Text>)}
      />
      <Table.Column<FeedAnswer>
        key="actions"
        title={t('announcementFeeds.actions')}
        render={(_, feed) => (
          <Space wrap>
            <Button
              size="small"
              icon={<UnorderedListOutlined />}
              type={selected === feed.id ? 'primary' : 'default'}
              aria-pressed={selected === feed.id}
              onClick={() => onRuns(feed)}
              data-testid={`feed-runs-${feed.id}`}
            >
              {t('announcementFeeds.showRuns')}
            </Button>
            {editable ? (
              <>
                <Button
                  size="small"
                  icon={<PlayCircleOutlined />}
                  loading={starting.includes(feed.id)}
                  disabled={feed.lastRun?.status === 'running'}
                  onClick={() => onRunNow(feed)}
                  aria-label={t('announcementFeeds.runNowOf', { name: feed.name })}
                  data-testid={`feed-run-now-${feed.id}`}
                >
                  {t('announcementFeeds.runNow')}
                </Button>
                <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(feed)} aria-label={t('generic.editOne', { name: feed.name })} data-testid={`feed-edit-${feed.id}`}>
                  {t('generic.edit')}
                </Button>
                <Popconfirm
                  title={t('announcementFeeds.deleteConfirm', { name: feed.name })}
                  description={t('announcementFeeds.deleteHint')}
                  okText={t('buttons.delete')}
                  okButtonProps={{ danger: true, 'data-testid': `feed-delete-confirm-${feed.id}` }}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => onDelete(feed)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('generic.deleteOne', { name: feed.name })} data-testid={`feed-delete-${feed.id}`}>
                    {t('buttons.delete')}
                  </Button>
                </Popconfirm>
              </>
            ) : null}
          </Space>
        )}
      />
    </Table>
  );
}
