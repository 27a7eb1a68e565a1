import { useNavigation, useOne, type BaseRecord } from '@refinedev/core';
import { Button, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStoredState, VIEW_STATE_KEYS } from '../../providers';
import type { ResourceDefinition } from '../../../common/resources/types';
import type { CellProps } from '../generic/cells';
import { DetailTransitions } from '../generic/transitions/detail-transitions';
import { NewsContent } from './news-details-panel';

// The news list's own cells: the company's name the row carries (no read per row), and the
// headline that opens the item in a drawer beside the list, as the news page always did. The
// open item is kept (SPEC.md's `details`) and its drawer opens again when the user comes back.

export function NewsCompanyCell({ record }: CellProps) {
  return <>{String(record.companyName ?? record.companyId ?? '')}</>;
}

interface KeptItem {
  newsItemId: string;
  headline: string;
}

/** What `details` may hold (storage is the user's to edit, so it is checked). */
function isKeptItem(value: unknown): value is KeptItem | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const { newsItemId, headline } = value as Record<string, unknown>;
  return typeof newsItemId === 'string' && typeof headline === 'string';
}

function ItemDrawer({ id, definition, onClose }: { id: string; definition: ResourceDefinition | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const { result, query } = useOne<BaseRecord>({ resource: 'news-feeds', id, queryOptions: { retry: false }, errorNotification: false });
  const route = showUrl('news-feeds', id);
  return (
    <Drawer open onClose={onClose} width={640} title={t('news.details.title')} destroyOnHidden data-testid="news-details-drawer">
      {query.isError ? (
        <Typography.Text type="danger" data-testid="news-details-error">
          {query.error?.message}
        </Typography.Text>
      ) : result && definition ? (
        <Flex vertical gap={16}>
          <Flex wrap gap={8}>
            <DetailTransitions definition={definition} record={result} disabled={!query.isFetchedAfterMount} />
            {route ? (
              <Link to={route}>
                <Button data-testid="news-details-open">{t('news.details.open')}</Button>
              </Link>
            ) : null}
          </Flex>
          <NewsContent record={result} />
        </Flex>
      ) : (
        <Skeleton active data-testid="news-details-loading" />
      )}
    </Drawer>
  );
}

export function NewsHeadlineCell({ record, value, definition }: CellProps) {
  const id = String(record.newsItemId);
  const [kept, setKept] = useStoredState<KeptItem | null>(VIEW_STATE_KEYS.details, null, isKeptItem);
  // Only this row's drawer: the kept item opens again in its own row when the list comes back.
  const [open, setOpen] = useState(kept?.newsItemId === id);
  return (
    <>
      <Typography.Link
        onClick={() => {
          setKept({ newsItemId: id, headline: String(value) });
          setOpen(true);
        }}
        data-testid="news-open-details"
      >
        {String(value)}
      </Typography.Link>
      {open ? (
        <ItemDrawer
          id={id}
          definition={definition}
          onClose={() => {
            setOpen(false);
            setKept(null);
          }}
        />
      ) : null}
    </>
  );
}
