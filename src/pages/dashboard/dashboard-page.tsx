import { Card, Empty, Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentity, useRole } from '../../providers';
import { canAccess } from '../../../common/access';
import { dashboardForRole } from '../../../common/resources/generate';
import { useRuntime } from '../../registry/registry-context';
import { PageHeader } from '../../components/page-header';
import { TileGrid } from '../tile-grid';
import { AnnouncementsTile } from './announcements-tile';
import { QueueTiles, queuesForRole } from './queue-tiles';
import { CurrentNotices } from './staff-notices';

/**
 * One tile per active dashboard area the role may open; each leads to the area's menu page.
 * Above them, while the announcements area is on: the staff notices in force (every role),
 * and the review queue's figures (roles that may list announcements). Off, neither is asked for.
 * Then a tile per work queue a resource declares (`queues`) that the role may see.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { registry } = useRuntime();
  const role = useRole();
  const identity = useIdentity();
  const tiles = useMemo(() => dashboardForRole(registry, role), [registry, role]);
  const notices = canAccess(role, { resource: 'staff-notices', action: 'list' }, registry.definitions);
  const announcements = canAccess(role, { resource: 'announcements', action: 'list' }, registry.definitions);
  const queues = useMemo(() => queuesForRole(registry.definitions, role), [registry, role]);

  return (
    <Flex vertical gap={16}>
      <PageHeader title={identity ? t('dashboard.welcome', { name: identity.name ?? identity.username }) : t('dashboard.title')} />
      {notices ? <CurrentNotices /> : null}
      {announcements ? <AnnouncementsTile /> : null}
      <QueueTiles queues={queues} />
      {tiles.length === 0 ? (
        <Card>
          <Empty description={t('dashboard.empty')} />
        </Card>
      ) : (
        <TileGrid tiles={tiles} testId="dashboard-tile" />
      )}
    </Flex>
  );
}
