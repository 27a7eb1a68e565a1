import { useCustom } from '@refinedev/core';
import { Alert, Descriptions, Drawer, Flex, Skeleton, Tag, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueMessage } from './error-catalogue';
import { useNewsApi, type NewsDetails, type NewsItem } from './news-api';
import { DateTime, Ltr } from '../../i18n/formatting';
import { NewsStatusTag } from './news-format';

type DetailsTarget = Pick<NewsItem, 'newsItemId' | 'tableName' | 'newsStatus'>;

/** The stored body is HTML written elsewhere: only markup DOMPurify keeps reaches the page. */
export function sanitiseNewsBody(body: string): string {
  return DOMPurify.sanitize(body, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

function useNewsDetails(target: DetailsTarget | null) {
  const newsApi = useNewsApi();
  const { result, query } = useCustom<{ result?: { payload?: NewsDetails } }>({
    url: newsApi.details,
    method: 'get',
    config: {
      query: target
        ? { newsItemId: String(target.newsItemId), newsStatus: target.newsStatus, tableName: target.tableName }
        : {},
    },
    queryOptions: { enabled: target !== null, retry: false },
    errorNotification: false,
    successNotification: false,
  });
  return { details: target ? result?.data?.result?.payload : undefined, query };
}

export function NewsDetailsView({ target, extra }: { target: DetailsTarget | null; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { details, query } = useNewsDetails(target);
  const body = useMemo(() => (details?.body ? sanitiseNewsBody(details.body) : ''), [details?.body]);

  if (query.isError) {
    return (
      <Alert type="error" showIcon data-testid="news-details-error" message={catalogueMessage('newsDetails', query.error, t)} />
    );
  }
  if (!details) return <Skeleton active data-testid="news-details-loading" />;
  return (
    <Flex vertical gap={16} data-testid="news-details">
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="news-details-headline">
        {details.headline}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('news.fields.companyName')}>{details.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('news.fields.newsStatus')}>
          <NewsStatusTag status={details.newsStatus} />
        </Descriptions.Item>
        <Descriptions.Item label={t('news.fields.publishedAt')}><DateTime value={details.publishedAt} /></Descriptions.Item>
        <Descriptions.Item label={t('news.fields.source')}>{details.source ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('news.fields.url')}>
          {details.url && /^https?:\/\//i.test(details.url) ? (
            <Typography.Link href={details.url} target="_blank" rel="noopener noreferrer">
              <Ltr>{details.url}</Ltr>
            </Typography.Link>
          ) : (
            (details.url ?? '')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('news.fields.updatedBy')}>
          {details.updatedBy ? (
            <>
              <Ltr>{details.updatedBy}</Ltr> <Tag>
                <DateTime value={details.updatedAt} />
              </Tag>
            </>
          ) : null}
        </Descriptions.Item>
      </Descriptions>
      {details.summary ? <Typography.Paragraph strong>{details.summary}</Typography.Paragraph> : null}
      {/* Sanitised above; never the raw body. */}
      <div className="news-body" data-testid="news-details-body" dangerouslySetInnerHTML={{ __html: body }} />
      {extra}
    </Flex>
  );
}

export function NewsDetailsDrawer({
  target,
  onClose,
  extra,
}: {
  target: DetailsTarget | null;
  onClose(): void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width={640}
      title={t('news.details.title')}
      destroyOnHidden
      data-testid="news-details-drawer"
    >
      {target ? <NewsDetailsView target={target} extra={extra} /> : null}
    </Drawer>
  );
}
