import { Card, Empty, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentity, useRole } from '../../providers';
import { dashboardForRole } from '../../resources/generate';
import { useRuntime } from '../../resources/registry-context';
import { TileGrid } from '../tile-grid';

/** One tile per active dashboard area the role may open; each leads to the area's menu page. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { registry } = useRuntime();
  const role = useRole();
  const identity = useIdentity();
  const tiles = useMemo(() => dashboardForRole(registry, role), [registry, role]);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {identity ? t('dashboard.welcome', { name: identity.name ?? identity.username }) : t('dashboard.title')}
      </Typography.Title>
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
