import { PlayCircleOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRole } from '../../../providers';
import { useRuntime } from '../../../registry/registry-context';
import { canAccess } from '../../../../common/access';
import type { FeedAnswer } from '../../../../common/domains/announcements/model';
import { errorText } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';
import type { RowActionProps } from '../../generic/row-actions';
import { useFeedsApi } from './feeds-api';

/**
 * "Run now" on a feed's row and show page (Admin+, the feed's edit right, as the server's
 * `POST feeds/:id/run`): queues one run; a feed whose last run is still running cannot start another.
 */
export function FeedRunNowAction({ record, place, onDone }: RowActionProps) {
  const { t } = useTranslation();
  const api = useFeedsApi();
  const toast = useToast();
  const role = useRole();
  const { registry } = useRuntime();
  const { mutate, mutation } = useCustomMutation();
  const feed = record as unknown as FeedAnswer;
  if (!canAccess(role, { resource: 'announcement-feeds', action: 'edit' }, registry.definitions)) return null;
  const run = () =>
    mutate(
      { url: api.run(feed.id), method: 'post', values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'feed-run', t('server.feedRunQueued'), feed.name);
          onDone();
        },
        onError: (error) => toast('error', 'feed-run', errorText(error, t), feed.name),
      },
    );
  return (
    <Button
      size={place === 'row' ? 'small' : 'middle'}
      icon={<PlayCircleOutlined />}
      loading={mutation.isPending}
      disabled={feed.lastRun?.status === 'running'}
      onClick={run}
      aria-label={t('announcementFeeds.runNowOf', { name: feed.name })}
      data-testid={`feed-run-now-${feed.id}`}
    >
      {t('announcementFeeds.runNow')}
    </Button>
  );
}
