import { PlusOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Flex, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRole } from '../../providers';
import type { FeedAnswer, FeedRunAnswer } from '../../../common/domains/announcements/model';
import { canAccess } from '../../../common/access';
import { useRuntime } from '../../registry/registry-context';
import { errorText } from '../../components/error-text';
import { useToast } from '../../components/toasts';
import { PageHeader } from '../../components/page-header';
import { FeedForm } from './feeds/feed-form';
import { pollInterval, RUN_NOW_WATCH_MS, useFeedsApi } from './feeds/feeds-api';
import { FeedsTable } from './feeds/feeds-table';
import { RunsTable } from './feeds/runs-table';

/**
 * The exchange feeds and their runs (docs/announcements.md "Feeds"): Admins add, edit, delete
 * and run them; everyone sees them and what each run found. While a run is running (or a Run
 * now waits for its run to start) both lists are re-read every few seconds, and not otherwise.
 */
export default function AnnouncementFeedsPage() {
  const { t } = useTranslation();
  const api = useFeedsApi();
  const toast = useToast();
  const role = useRole();
  const { registry } = useRuntime();
  const editable = canAccess(role, { resource: 'announcement-feeds', action: 'edit' }, registry.definitions);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<FeedAnswer | 'new' | null>(null);
  const [starting, setStarting] = useState<readonly number[]>([]);

  // The polling decision reads the latest lists and Run now's deadline through refs: react-query asks it after every fetch.
  const watchUntil = useRef(0);
  const latest = useRef<{ feeds: readonly FeedAnswer[]; runs: readonly FeedRunAnswer[] }>({ feeds: [], runs: [] });
  const refetchInterval = () => pollInterval(latest.current.runs, latest.current.feeds, watchUntil.current, Date.now());
  const { query: feedsQuery } = useCustom<FeedAnswer[]>({
    url: api.feeds,
    method: 'get',
    queryOptions: { retry: false, refetchInterval },
    errorNotification: false,
  });
  const { query: runsQuery } = useCustom<FeedRunAnswer[]>({
    url: api.runs(selected),
    method: 'get',
    queryOptions: { retry: false, refetchInterval },
    errorNotification: false,
  });
  const feeds = feedsQuery.data?.data ?? [];
  const runs = runsQuery.data?.data ?? [];
  latest.current = { feeds, runs };
  const refetch = () => {
    void feedsQuery.refetch();
    void runsQuery.refetch();
  };

  // A run that starts or ends changes its feed's last and next run: re-read the feeds then.
  const runStates = runs.map((run) => `${run.id}:${run.status}`).join(',');
  const firstStates = useRef(true);
  useEffect(() => {
    if (firstStates.current) firstStates.current = false;
    else void feedsQuery.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runStates]);

  const { mutate } = useCustomMutation();
  const runNow = (feed: FeedAnswer) => {
    setStarting((ids) => [...ids, feed.id]);
    mutate(
      { url: api.run(feed.id), method: 'post', values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'feed-run', t('server.feedRunQueued'), feed.name);
          watchUntil.current = Date.now() + RUN_NOW_WATCH_MS;
          refetch();
        },
        onError: (error) => toast('error', 'feed-run', errorText(error, t), feed.name),
        onSettled: () => setStarting((ids) => ids.filter((id) => id !== feed.id)),
      },
    );
  };
  const remove = (feed: FeedAnswer) =>
    mutate(
      { url: api.feed(feed.id), method: 'delete', values: { version: feed.version }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'feed-delete', t('server.feedDeleted'), feed.name);
          if (selected === feed.id) setSelected(undefined);
          refetch();
        },
        onError: (error) => {
          toast('error', 'feed-delete', errorText(error, t), feed.name);
          refetch();
        },
      },
    );

  const failure = feedsQuery.isError ? feedsQuery.error : runsQuery.isError ? runsQuery.error : null;

  return (
    <Flex vertical gap={16} data-testid="announcement-feeds-page">
      <PageHeader
        icon="CloudDownloadOutlined"
        title={t('resources.announcement-feeds')}
        extra={
          editable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="feed-add">
              {t('announcementFeeds.add')}
            </Button>
          ) : null
        }
      />
      {failure ? <Alert type="error" showIcon message={errorText(failure, t)} data-testid="feeds-load-error" /> : null}
      <Card title={t('announcementFeeds.feedsTitle')}>
        <FeedsTable
          feeds={feeds}
          loading={feedsQuery.isLoading}
          editable={editable}
          selected={selected}
          onRuns={(feed) => setSelected((current) => (current === feed.id ? undefined : feed.id))}
          onEdit={(feed) => setEditing(feed)}
          onDelete={remove}
          onRunNow={runNow}
          starting={starting}
        />
      </Card>
      <Card
        title={
          <Flex justify="space-between" align="center" wrap gap={8}>
            <span>{t('announcementFeeds.runs.title')}</span>
            <Flex align="center" gap={8}>
              <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
                {t('announcementFeeds.runs.of')}
              </Typography.Text>
              <Select<number | 'all'>
                value={selected ?? 'all'}
                onChange={(value) => setSelected(value === 'all' ? undefined : value)}
                style={{ minWidth: 200 }}
                aria-label={t('announcementFeeds.runs.of')}
                options={[{ value: 'all', label: t('announcementFeeds.runs.all') }, ...feeds.map((feed) => ({ value: feed.id, label: feed.name }))]}
                data-testid="feed-runs-filter"
              />
            </Flex>
          </Flex>
        }
      >
        <RunsTable runs={runs} loading={runsQuery.isLoading} />
      </Card>
      {editable ? (
        <FeedForm
          feed={editing === 'new' ? null : editing}
          open={editing !== null}
          onClose={() => setEditing(null)}
          onSaved={(code) => {
            toast('success', 'feed-save', t(`server.${code}`));
            setEditing(null);
            refetch();
          }}
        />
      ) : null}
    </Flex>
  );
}
