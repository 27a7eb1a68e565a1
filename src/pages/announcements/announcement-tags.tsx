import { LockOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/status-tag';
import { Ltr } from '../../i18n/formatting';
import type { AnnouncementAnswer, AnnouncementSource, AnnouncementStatus } from '../../../common/domains/announcements/model';

// How the review screens show an announcement's status, source and flags: preset colours
// (dark text on a light tint, readable in both themes), as the KYC and finview statuses.

const STATUS_COLOURS: Record<AnnouncementStatus, string> = {
  ingested: 'default',
  needs_review: 'blue',
  published: 'green',
  suppressed: 'gold',
  retracted: 'red',
};

const SOURCE_COLOURS: Record<AnnouncementSource, string> = { BSE: 'purple', NSE: 'cyan', manual: 'default' };

export function AnnouncementStatusTag({ row }: { row: Pick<AnnouncementAnswer, 'status' | 'suppressReason'> }) {
  const { t } = useTranslation();
  const label = t(`announcements.status.${row.status}`);
  return (
    <StatusTag status={row.status} colours={STATUS_COLOURS}>
      {row.status === 'suppressed' && row.suppressReason ? `${label} · ${t(`announcements.suppressReason.${row.suppressReason}`)}` : label}
    </StatusTag>
  );
}

export function SourceTag({ source }: { source: AnnouncementSource }) {
  const { t } = useTranslation();
  return (
    <Tag color={SOURCE_COLOURS[source] ?? 'default'} style={{ marginInlineEnd: 0 }} data-source={source}>
      {source === 'manual' ? t('announcements.source.manual') : source}
    </Tag>
  );
}

export function FlagTags({ row }: { row: Pick<AnnouncementAnswer, 'critical' | 'material'> }) {
  const { t } = useTranslation();
  if (!row.critical && !row.material) return null;
  return (
    <Space size={4} wrap>
      {row.critical ? (
        <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="announcement-critical">
          {t('announcements.flags.critical')}
        </Tag>
      ) : null}
      {row.material ? (
        <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid="announcement-material">
          {t('announcements.flags.material')}
        </Tag>
      ) : null}
    </Space>
  );
}

export function UnmatchedTag() {
  const { t } = useTranslation();
  return (
    <Tag color="magenta" style={{ marginInlineEnd: 0 }} data-testid="announcement-unmatched">
      {t('announcements.unmatched')}
    </Tag>
  );
}

/** Who has it open (an unexpired soft lock), or nothing. */
export function LockHolder({ row, now }: { row: Pick<AnnouncementAnswer, 'lock'>; now: number }) {
  const { t } = useTranslation();
  if (!row.lock || new Date(row.lock.expiresAt).getTime() <= now) return null;
  return (
    <Typography.Text type="secondary" data-testid="announcement-lock-holder" data-user={row.lock.user.username}>
      <LockOutlined aria-label={t('announcements.openBy')} />{' '}
      <Ltr>{row.lock.user.username}</Ltr>
    </Typography.Text>
  );
}
