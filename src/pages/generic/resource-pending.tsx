import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../common/resources/types';
import { ResourceIcon } from '../../shell/icons';

/** The honest state of a resource whose server side does not exist yet: no table, no rows. */
export function ResourcePending({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const label = t(definition.labelKey);
  return (
    <Flex vertical gap={16} data-testid="resource-pending" data-resource={definition.name}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        <Flex align="center" gap={12}>
          <ResourceIcon name={definition.icon} />
          {label}
        </Flex>
      </Typography.Title>
      <Card>
        <Empty description={t('generic.pendingDescription', { resource: label })} />
      </Card>
    </Flex>
  );
}
