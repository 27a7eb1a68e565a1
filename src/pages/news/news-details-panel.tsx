import type { BaseRecord } from '@refinedev/core';
import { Flex, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { Ltr } from '../../i18n/formatting';
import type { PanelProps } from '../generic/panels';

/** The stored body is HTML written elsewhere: only markup DOMPurify keeps reaches the page. */
export function sanitiseNewsBody(body: string): string {
  return DOMPurify.sanitize(body, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

/** An item's own content: summary, link and sanitised body (the show page's fields draw the rest). */
export function NewsContent({ record }: { record: BaseRecord }) {
  const body = typeof record.body === 'string' ? record.body : '';
  const html = useMemo(() => sanitiseNewsBody(body), [body]);
  const url = typeof record.url === 'string' ? record.url : '';
  return (
    <Flex vertical gap={12} data-testid="news-details">
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="news-details-headline">
        {String(record.headline ?? '')}
      </Typography.Title>
      {record.summary ? <Typography.Paragraph strong>{String(record.summary)}</Typography.Paragraph> : null}
      {/^https?:\/\//i.test(url) ? (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
          <Ltr>{url}</Ltr>
        </Typography.Link>
      ) : null}
      {/* Sanitised above; never the raw body. */}
      <div className="news-body" data-testid="news-details-body" dangerouslySetInnerHTML={{ __html: html }} />
    </Flex>
  );
}

/** The show page's `news-details` panel. */
export function NewsDetailsPanel({ record }: PanelProps) {
  return <NewsContent record={record} />;
}
