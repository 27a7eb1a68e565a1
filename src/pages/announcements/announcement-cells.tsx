import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../i18n/formatting';
import type { AnnouncementAnswer } from '../../../common/domains/announcements/model';
import type { CellProps } from '../generic/cells';
import { Age, useNow } from './age';
import { FlagTags, LockHolder, SourceTag, UnmatchedTag } from './announcement-tags';
import { suggestedLead } from './suggested-lead';

// The review queue's own cells on the generic list (common/resources/announcements.ts), by name
// in src/registry/cells.ts: the ticking age, the source, the company (or "unmatched"), the
// subject, the duplicate group, the category with its flags, and who has the row open.

const row = (record: CellProps['record']) => record as unknown as AnnouncementAnswer;

export function AnnouncementAgeCell({ record }: CellProps) {
  const now = useNow();
  return <Age since={row(record).disseminatedAt} now={now} />;
}

export function AnnouncementSourceCell({ record }: CellProps) {
  return <SourceTag source={row(record).source} />;
}

export function AnnouncementCompanyCell({ record }: CellProps) {
  const { company, companyName } = row(record);
  if (company) return <span>{company.name}</span>;
  return (
    <Flex vertical gap={2} align="start">
      <UnmatchedTag />
      {companyName ? <Typography.Text type="secondary">{companyName}</Typography.Text> : null}
    </Flex>
  );
}

export function AnnouncementSubjectCell({ record }: CellProps) {
  return <span style={{ whiteSpace: 'normal', display: 'block', maxInlineSize: 380 }}>{row(record).subject}</span>;
}

/** "Duplicate of #n" for a queued member of a group (the merge row action takes it there), the group's size for the others. */
export function AnnouncementGroupCell({ record }: CellProps) {
  const { t } = useTranslation();
  const announcement = row(record);
  const lead = suggestedLead(announcement);
  if (lead !== null) {
    return (
      <Tag color="geekblue" style={{ marginInlineEnd: 0 }} data-testid="announcement-duplicate" data-lead={lead}>
        {t('announcements.duplicateOf')} <Ltr>#{lead}</Ltr>
      </Tag>
    );
  }
  if (announcement.groupSize > 1) {
    return (
      <Typography.Text type="secondary" data-testid="announcement-group-size">
        {t('announcements.group.size', { count: announcement.groupSize })}
      </Typography.Text>
    );
  }
  return null;
}

export function AnnouncementTagsCell({ record }: CellProps) {
  const announcement = row(record);
  return (
    <Flex vertical gap={4} align="start">
      <span>{announcement.categoryName ?? <Typography.Text type="secondary">—</Typography.Text>}</span>
      <FlagTags row={announcement} />
    </Flex>
  );
}

export function AnnouncementLockCell({ record }: CellProps) {
  const now = useNow();
  return <LockHolder row={row(record)} now={now} />;
}

