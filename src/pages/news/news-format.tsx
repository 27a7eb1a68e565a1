import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/status-tag';
import type { NewsStatus } from '../../../common/domains/news/model';

const STATUS_COLOURS: Record<NewsStatus, string> = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red' };

export function NewsStatusTag({ status }: { status: NewsStatus }) {
  const { t } = useTranslation();
  return (
    <StatusTag status={status} colours={STATUS_COLOURS}>
      {t(`news.status.${status}`, { defaultValue: status })}
    </StatusTag>
  );
}
