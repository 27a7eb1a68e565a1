import { Card, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../i18n/formatting';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model';
import { Age } from './age';
import { AnnouncementStatusTag, SourceTag } from './announcement-tags';

/** The other filings of the same disclosure (a duplicate group), the lead marked. */
export function GroupMembers({ detail, now }: { detail: AnnouncementDetail; now: number }) {
  const { t } = useTranslation();
  if (detail.groupId === null || detail.members.length === 0) return null;
  return (
    <Card size="small" title={t('announcements.group.title', { count: detail.members.length + 1 })} data-testid="announcement-group">
      <List
        size="small"
        dataSource={detail.members}
        rowKey="id"
        renderItem={(member) => (
          <List.Item data-testid="announcement-member" data-id={member.id}>
            <Flex wrap gap={8} align="center">
              <Ltr>#{member.id}</Ltr>
              {member.id === detail.groupId ? <Typography.Text strong>{t('announcements.group.lead')}</Typography.Text> : null}
              <SourceTag source={member.source} />
              <AnnouncementStatusTag row={member} />
              <Age since={member.disseminatedAt} now={now} />
              <span>{member.subject}</span>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
