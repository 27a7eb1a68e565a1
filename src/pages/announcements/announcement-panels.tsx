import { Alert, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime, Ltr } from '../../i18n/formatting';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model';
import { UserName } from '../../components/user-name';
import type { PanelProps } from '../generic/panels';
import { Age, useNow } from './age';
import { FlagTags, SourceTag, UnmatchedTag } from './announcement-tags';
import { useAnnouncementsApi } from './announcements-api';
import { AttachmentView } from './attachment-view';
import { GroupMembers } from './group-members';
import { LockBanner } from './lock-banner';
import { useSoftLock } from './use-soft-lock';

// One announcement on the generic show page (common/resources/announcements.ts `panels`), by
// name in src/registry/panels.ts: `announcement-lock` takes the soft lock while the page is open
// (renewed, released on leaving) and says who else is on it, with Take over; `announcement-review`
// is what a reviewer reads before deciding: the source's codes and times, the group, the PDF.

const detailOf = (record: PanelProps['record']) => record as unknown as AnnouncementDetail;

export function AnnouncementLockPanel({ record }: PanelProps) {
  const { t } = useTranslation();
  const api = useAnnouncementsApi();
  const lock = useSoftLock(api, detailOf(record).id);
  const { state } = lock;
  return (
    <Flex vertical gap={8} data-testid="announcement-lock" data-lock={state.kind}>
      <LockBanner state={state} onTakeOver={() => void lock.takeOver()} />
      {state.kind === 'held' ? <Typography.Text type="secondary">{t('announcements.lock.mine')}</Typography.Text> : null}
    </Flex>
  );
}

export function AnnouncementReviewPanel({ record }: PanelProps) {
  const { t } = useTranslation();
  const now = useNow();
  const detail = detailOf(record);
  const code = detail.scripCode || detail.symbol;
  return (
    <Flex vertical gap={16} data-testid="announcement-detail" data-status={detail.status}>
      <Flex wrap gap={8} align="center">
        <SourceTag source={detail.source} />
        {detail.company ? null : <UnmatchedTag />}
        <FlagTags row={detail} />
        <Typography.Text type="secondary">
          {t('announcements.drawer.age')} <Age since={detail.disseminatedAt} now={now} />
        </Typography.Text>
      </Flex>
      {detail.status === 'retracted' && detail.retractReason ? (
        <Alert type="warning" showIcon message={t('announcements.drawer.retractedBecause')} description={detail.retractReason} data-testid="announcement-retract-note" />
      ) : null}
      <Descriptions size="small" column={1} bordered data-testid="announcement-details">
        <Descriptions.Item label={t('announcements.fields.company')}>
          {detail.company ? detail.company.name : detail.companyName || '—'}
          {code ? (
            <Typography.Text type="secondary">
              {' '}
              (<Ltr>{code}</Ltr>)
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('announcements.fields.exchangeCategory')}>
          {[detail.exchangeCategory, detail.exchangeSubcategory].filter(Boolean).join(' · ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('announcements.fields.sourceId')}>
          <Ltr>{detail.sourceId || '—'}</Ltr>
        </Descriptions.Item>
        <Descriptions.Item label={t('announcements.fields.ingestedAt')}>
          <DateTime value={detail.ingestedAt} seconds />
        </Descriptions.Item>
        {detail.publishedBy ? (
          <Descriptions.Item label={t('announcements.fields.publishedBy')}>
            <UserName user={detail.publishedBy} />
          </Descriptions.Item>
        ) : null}
        {detail.createdBy ? (
          <Descriptions.Item label={t('announcements.fields.createdBy')}>
            <UserName user={detail.createdBy} />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {detail.members ? <GroupMembers detail={detail} now={now} /> : null}
      <AttachmentView detail={detail} />
    </Flex>
  );
}
