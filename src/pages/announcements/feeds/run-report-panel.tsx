import { useCustom } from '@refinedev/core';
import { Alert, Flex, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedAnswer, FeedRunAnswer } from '../../../../common/domains/announcements/model';
import { errorText } from '../../../components/error-text';
import type { PanelProps } from '../../generic/panels';
import { pollInterval, RUN_NOW_WATCH_MS, useFeedsApi } from './feeds-api';
import { RunsTable } from './runs-table';

/**
 * The feed's runs, newest first, with their counts and each run's problems (entry, exchange id,
 * field, reason): the `feed-run-report` panel of a feed's show page. Re-read every few seconds
 * while a run is running, and not otherwise.
 */
export function FeedRunReportPanel({ record }: PanelProps) {
  const { t } = useTranslation();
  const api = useFeedsApi();
  const feed = record as unknown as FeedAnswer;
  // react-query asks the interval after every fetch: it reads the latest runs through a ref.
  const latest = useRef<readonly FeedRunAnswer[]>([]);
  // The record is read again after Run now: its queued run may take a moment to start, so watch for it a while.
  const watchUntil = useRef(0);
  const { query } = useCustom<FeedRunAnswer[]>({
    url: api.runs(feed.id),
    method: 'get',
    queryOptions: { retry: false, refetchInterval: () => pollInterval(latest.current, [feed], watchUntil.current, Date.now()) },
    errorNotification: false,
  });
  const runs = query.data?.data ?? [];
  latest.current = runs;
  const { refetch } = query;
  useEffect(() => {
    watchUntil.current = Date.now() + RUN_NOW_WATCH_MS;
    void refetch();
  }, [record, refetch]);
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('announcementFeeds.runs.title')}
      </Typography.Title>
      {query.isError ? <Alert type="error" showIcon message={errorText(query.error, t)} data-testid="feed-runs-error" /> : null}
      <RunsTable runs={runs} loading={query.isLoading} />
    </Flex>
  );
}
