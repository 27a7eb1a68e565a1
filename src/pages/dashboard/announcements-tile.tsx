import { NotificationOutlined } from '@ant-design/icons';
import { useCustom, useGo } from '@refinedev/core';
import { Card, Col, Flex, Row, Statistic, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnnouncementStats } from '../../../common/domains/announcements/model';
import { useEndpointPath } from '../../registry/resource-urls';
import { formatDuration } from './duration';

/** Re-read the figures this often while the dashboard is open. */
const REFRESH_MS = 60_000;

/**
 * The review queue at a glance (docs/announcements.md "Stats"): how many wait, the oldest's
 * age, how many lack a company, and how fast the last 24 hours' publications went out.
 * Mounted only when the role may list announcements; a failed read shows nothing.
 */
export function AnnouncementsTile() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const go = useGo();
  // The list opens on its "Needs review" tab, the reviewers' work (its "All" tab is every status).
  const queueUrl = go({ to: { resource: 'announcements', action: 'list' }, query: { filters: [{ field: 'status', operator: 'eq', value: 'needs_review' }], currentPage: 1 }, type: 'path' }) ?? '';
  const url = `${useEndpointPath('announcements')}/stats`;
  const { query } = useCustom<AnnouncementStats>({ url, method: 'get', queryOptions: { retry: false, refetchInterval: REFRESH_MS }, errorNotification: false });
  const stats = query.data?.data;
  if (!stats) return null;
  const duration = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds, i18n.language));
  const { latency } = stats;

  return (
    <Card
      data-testid="dashboard-announcements"
      title={
        <Flex align="center" gap={8}>
          <NotificationOutlined style={{ color: token.colorPrimary }} />
          <span>{t('dashboard.announcements.title')}</span>
        </Flex>
      }
      extra={<Link to={queueUrl} data-testid="dashboard-announcements-open">{t('dashboard.announcements.open')}</Link>}
    >
      <Row gutter={[24, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('dashboard.announcements.queue')} value={stats.queue} data-testid="dashboard-announcements-queue" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('dashboard.announcements.oldest')} value={duration(stats.oldestAgeSeconds)} data-testid="dashboard-announcements-oldest" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('dashboard.announcements.unmatched')} value={stats.unmatched} data-testid="dashboard-announcements-unmatched" />
        </Col>
        <Col xs={12} md={6}>
          {latency.count === 0 ? (
            <Flex vertical gap={4} data-testid="dashboard-announcements-no-latency">
              <Typography.Text type="secondary">{t('dashboard.announcements.latency')}</Typography.Text>
              <Typography.Text>{t('dashboard.announcements.noPublications')}</Typography.Text>
            </Flex>
          ) : (
            <Flex vertical gap={4} data-testid="dashboard-announcements-latency">
              <Typography.Text type="secondary">{t('dashboard.announcements.latencyOf', { count: latency.count })}</Typography.Text>
              <Flex gap={24} wrap>
                <Statistic title={t('dashboard.announcements.p50')} value={duration(latency.p50Seconds)} data-testid="dashboard-announcements-p50" />
                <Statistic title={t('dashboard.announcements.p95')} value={duration(latency.p95Seconds)} data-testid="dashboard-announcements-p95" />
              </Flex>
            </Flex>
          )}
        </Col>
      </Row>
    </Card>
  );
}
