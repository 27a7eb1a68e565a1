import { useNavigation, useOne } from '@refinedev/core';
import { Alert, Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { RouteSpec } from '../../../common/resources/generate';
import type { FeedAnswer } from '../../../common/domains/announcements/model';
import { errorText } from '../../components/error-text';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toasts';
import { useRecordTitle } from '../generic/record-title';
import { FeedForm } from './feeds/feed-form';

/**
 * A feed's create and edit page (`actionPages` of announcement-feeds): the feed form, which the
 * generic form cannot be (left-to-right URLs and cron, the time-zone picker, hints). The list,
 * show page, Run now and runs report are the generic pages'.
 */
export default function FeedFormPage({ route }: { route: RouteSpec }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { list } = useNavigation();
  const toast = useToast();
  const editing = route.action === 'edit' && id !== undefined;
  const { query } = useOne<FeedAnswer>({ resource: 'announcement-feeds', id: id ?? '', queryOptions: { enabled: editing, retry: false }, errorNotification: false });
  const feed = editing ? query.data?.data : undefined;
  const title = editing ? t('announcementFeeds.editTitle', { name: feed?.name ?? id }) : t('announcementFeeds.addTitle');
  useRecordTitle(!editing || feed ? title : undefined);
  return (
    <Flex vertical gap={16} data-testid="feed-form-page">
      <PageHeader icon="CloudDownloadOutlined" title={title} />
      <Card style={{ maxWidth: 640 }}>
        {editing && query.isError ? (
          <Alert type="error" showIcon message={errorText(query.error, t)} data-testid="feed-load-error" />
        ) : editing && !feed ? (
          <Skeleton active />
        ) : (
          <FeedForm
            feed={feed ?? null}
            title={title}
            onCancel={() => list('announcement-feeds')}
            onSaved={(code) => {
              toast('success', 'feed-save', t(`server.${code}`));
              list('announcement-feeds');
            }}
          />
        )}
      </Card>
    </Flex>
  );
}
