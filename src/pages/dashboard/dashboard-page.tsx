import { Card, Col, Empty, Flex, Row, theme, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIdentity, useRole } from '../../providers';
import { dashboardForRole } from '../../resources/generate';
import { useRuntime } from '../../resources/registry-context';
import { ResourceIcon } from '../../shell/icons';

/** One tile per active dashboard area the role may open; each leads to the area's first page. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
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
        <Row gutter={[16, 16]}>
          {tiles.map((tile) => (
            <Col key={tile.key} xs={24} sm={12} lg={8}>
              <Link to={tile.path} data-testid={`dashboard-tile-${tile.key}`} aria-label={t('dashboard.open', { area: t(tile.labelKey) })}>
                <Card hoverable>
                  <Flex align="center" gap={16}>
                    <span style={{ fontSize: 32, color: token.colorPrimary }}>
                      <ResourceIcon name={tile.icon} />
                    </span>
                    <Typography.Title level={4} style={{ margin: 0 }}>
                      {t(tile.labelKey)}
                    </Typography.Title>
                  </Flex>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
