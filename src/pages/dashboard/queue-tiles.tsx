import { useGo, useList, type CrudFilter } from '@refinedev/core';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canAccess } from '../../../common/access';
import type { QueueDefinition, ResourceDefinition, Role } from '../../../common/resources/types';
import { formatNumber } from '../generic/cells/format';

/** A queue with the resource it counts. */
export interface DashboardQueue {
  definition: ResourceDefinition;
  queue: QueueDefinition;
}

/** The queues `role` sees: of resources it may list, each with its own minimum role (the list's by default). */
export function queuesForRole(definitions: readonly ResourceDefinition[], role: Role | null | undefined): DashboardQueue[] {
  if (role === null || role === undefined) return [];
  return definitions.flatMap((definition) =>
    canAccess(role, { resource: definition.name, action: 'list' }, definitions)
      ? (definition.queues ?? []).filter((queue) => queue.minRole === undefined || role <= queue.minRole).map((queue) => ({ definition, queue }))
      : [],
  );
}

const filtersOf = (queue: QueueDefinition): CrudFilter[] => Object.entries(queue.filters).map(([field, value]) => ({ field, operator: 'eq', value }));

/**
 * One queue's count: the list endpoint asked for one row with the queue's filters, whose
 * x-total-count is the count; the tile links to the list with those filters in its URL.
 * Issue 26's seam: the oldest item's age (`ageField`) and the target colours
 * (`targetMinutes`) go beside the count here, and a live channel would refresh it.
 */
function QueueTile({ definition, queue }: DashboardQueue) {
  const { t, i18n } = useTranslation();
  const go = useGo();
  const filters = filtersOf(queue);
  const { result, query } = useList({
    resource: definition.name,
    pagination: { currentPage: 1, pageSize: 1, mode: 'server' },
    filters,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const href = go({ to: { resource: definition.name, action: 'list' }, query: { filters, currentPage: 1 }, type: 'path' }) ?? '';
  const label = t(queue.labelKey);
  const testId = `dashboard-queue-${definition.name}-${queue.key}`;
  return (
    <Card size="small" data-testid={testId} title={label}>
      <Flex vertical gap={4}>
        <Typography.Text strong style={{ fontSize: 28 }} data-testid={`${testId}-count`} data-count={result.total ?? ''}>
          {query.isError ? '—' : result.total === undefined ? '…' : <bdi dir="ltr">{formatNumber(result.total, i18n.language)}</bdi>}
        </Typography.Text>
        <Link to={href} aria-label={`${t('list.queueShow')}: ${label}`}>
          {t('list.queueShow')}
        </Link>
      </Flex>
    </Card>
  );
}

/** The work queues the definitions declare and the role may see, one tile each; nothing when there are none. */
export function QueueTiles({ queues }: { queues: readonly DashboardQueue[] }) {
  if (queues.length === 0) return null;
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-queues">
      {queues.map(({ definition, queue }) => (
        <Col key={`${definition.name}-${queue.key}`} xs={24} sm={12} lg={6}>
          <QueueTile definition={definition} queue={queue} />
        </Col>
      ))}
    </Row>
  );
}
