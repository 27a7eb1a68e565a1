import { Card, Col, Flex, Row, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourceIcon } from '../shell/icons';

export interface Tile {
  key: string;
  labelKey: string;
  icon: string;
  path: string;
}

/** Links as cards: the dashboard's areas, an area's resources. */
export function TileGrid({ tiles, testId }: { tiles: readonly Tile[]; testId: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]}>
      {tiles.map((tile) => (
        <Col key={tile.key} xs={24} sm={12} lg={8}>
          <Link to={tile.path} data-testid={`${testId}-${tile.key}`} aria-label={t('dashboard.open', { area: t(tile.labelKey) })}>
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
  );
}
