import { Button, Flex, Table, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../i18n/formatting';
import { QUEUE_STATUSES, type AnnouncementAnswer } from '../../../common/domains/announcements/model';
import { Age } from './age';
import { AnnouncementStatusTag, FlagTags, LockHolder, SourceTag, UnmatchedTag } from './announcement-tags';

// The review list's rows. Each row is focusable (j/k move the focus, Enter opens it) and says
// its id and status in data attributes for tests; rows that arrived live are tinted a moment.

export interface ReviewListProps {
  rows: AnnouncementAnswer[];
  loading: boolean;
  focusedId: number | null;
  newIds: ReadonlySet<number>;
  now: number;
  onOpen(id: number, editing?: boolean): void;
  onFocusRow(id: number): void;
  onMerge(row: AnnouncementAnswer): void;
  empty: string;
}

/** The suggested lead of a grouped row still to decide: it is a duplicate of that one. */
export function suggestedLead(row: Pick<AnnouncementAnswer, 'id' | 'groupId' | 'status'>): number | null {
  return row.groupId !== null && row.groupId !== row.id && QUEUE_STATUSES.includes(row.status) ? row.groupId : null;
}

export function ReviewList({ rows, loading, focusedId, newIds, now, onOpen, onFocusRow, onMerge, empty }: ReviewListProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Table<AnnouncementAnswer>
      dataSource={rows}
      rowKey="id"
      loading={loading}
      pagination={false}
      size="middle"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <span data-testid="announcements-empty">{empty}</span> }}
      data-testid="announcements-table"
      onRow={(row) => {
        const focused = row.id === focusedId;
        return {
          tabIndex: 0,
          'data-testid': 'announcement-row',
          'data-id': row.id,
          'data-status': row.status,
          'data-new': newIds.has(row.id) ? 'true' : undefined,
          onClick: () => onOpen(row.id),
          onFocus: () => onFocusRow(row.id),
          style: {
            cursor: 'pointer',
            outline: focused ? `2px solid ${token.colorPrimary}` : undefined,
            outlineOffset: -2,
            background: newIds.has(row.id) ? token.colorInfoBg : undefined,
            transition: 'background 1s',
          },
        } as React.HTMLAttributes<HTMLElement>;
      }}
    >
      <Table.Column<AnnouncementAnswer> key="age" title={t('announcements.columns.age')} render={(_, row) => <Age since={row.disseminatedAt} now={now} />} />
      <Table.Column<AnnouncementAnswer> key="source" title={t('announcements.columns.source')} render={(_, row) => <SourceTag source={row.source} />} />
      <Table.Column<AnnouncementAnswer>
        key="company"
        title={t('announcements.columns.company')}
        render={(_, row) =>
          row.company ? (
            <span>{row.company.name}</span>
          ) : (
            <Flex vertical gap={2} align="start">
              <UnmatchedTag />
              {row.companyName ? <Typography.Text type="secondary">{row.companyName}</Typography.Text> : null}
            </Flex>
          )
        }
      />
      <Table.Column<AnnouncementAnswer>
        key="subject"
        title={t('announcements.columns.subject')}
        render={(_, row) => {
          const lead = suggestedLead(row);
          return (
            <Flex vertical gap={4} style={{ maxInlineSize: 380 }}>
              <span style={{ whiteSpace: 'normal' }}>{row.subject}</span>
              {lead !== null ? (
                <Flex gap={8} align="center">
                  <Tag color="geekblue" style={{ marginInlineEnd: 0 }} data-testid="announcement-duplicate" data-lead={lead}>
                    {t('announcements.duplicateOf')} <Ltr>#{lead}</Ltr>
                  </Tag>
                  <Button
                    size="small"
                    onClick={(event) => {
                      event.stopPropagation();
                      onMerge(row);
                    }}
                    data-testid="announcement-row-merge"
                  >
                    {t('announcements.actions.merge')}
                  </Button>
                </Flex>
              ) : row.groupSize > 1 ? (
                <Typography.Text type="secondary" data-testid="announcement-group-size">
                  {t('announcements.group.size', { count: row.groupSize })}
                </Typography.Text>
              ) : null}
            </Flex>
          );
        }}
      />
      <Table.Column<AnnouncementAnswer>
        key="category"
        title={t('announcements.columns.category')}
        render={(_, row) => (
          <Flex vertical gap={4} align="start">
            <span>{row.categoryName ?? <Typography.Text type="secondary">—</Typography.Text>}</span>
            <FlagTags row={row} />
          </Flex>
        )}
      />
      <Table.Column<AnnouncementAnswer> key="status" title={t('announcements.columns.status')} render={(_, row) => <AnnouncementStatusTag row={row} />} />
      <Table.Column<AnnouncementAnswer> key="lock" title={t('announcements.columns.openBy')} render={(_, row) => <LockHolder row={row} now={now} />} />
    </Table>
  );
}
