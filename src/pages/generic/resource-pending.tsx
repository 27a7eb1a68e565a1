import { Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../common/resources/types';
import { PageHeader } from '../../components/page-header';

/** The honest state of a resource whose server side does not exist yet: no table, no rows. */
export function ResourcePending({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const label = t(definition.labelKey);
  return (
    <Flex vertical gap={16} data-testid="resource-pending" data-resource={definition.name}>
      <PageHeader icon={definition.icon} title={label} />
      <Card>
        <Empty description={t('generic.pendingDescription', { resource: label })} />
      </Card>
    </Flex>
  );
}
