import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NewsStatus } from './news-query';

const STATUS_COLOURS: Record<NewsStatus, string> = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red' };

export function StatusTag({ status }: { status: NewsStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} data-status={status}>
      {t(`news.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
