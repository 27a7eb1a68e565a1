import { useCustom } from '@refinedev/core';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeAnswer, NoticeSeverity } from '../../../common/domains/announcements/model';
import { useEndpointPath } from '../../registry/resource-urls';

const ALERT_TYPE: Record<NoticeSeverity, 'info' | 'warning' | 'error'> = { info: 'info', warning: 'warning', critical: 'error' };

/**
 * The staff notices in force now (docs/announcements.md "Staff notices"), critical first as the
 * server orders them. Mounted only where the role may read notices (the area is on); a failed
 * read shows nothing rather than an error on the dashboard.
 */
export function CurrentNotices() {
  const { t } = useTranslation();
  const url = `${useEndpointPath('staff-notices')}/current`;
  const { query } = useCustom<NoticeAnswer[]>({ url, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const notices = query.data?.data ?? [];
  if (notices.length === 0) return null;
  return (
    <Flex vertical gap={8} data-testid="dashboard-notices" role="region" aria-label={t('staffNotices.current')}>
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          type={ALERT_TYPE[notice.severity] ?? 'info'}
          showIcon
          message={notice.title}
          description={notice.body || undefined}
          data-testid={`dashboard-notice-${notice.id}`}
          data-severity={notice.severity}
        />
      ))}
    </Flex>
  );
}
