import { ListButton } from '@refinedev/antd';
import { useInvalidate, useOne } from '@refinedev/core';
import { Alert, Card, Descriptions, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PluginAnswer } from '../../../common/domains/finview/model';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../components/error-text';
import { PluginConfigForm } from './plugins/plugin-config-form';
import { PluginSwitchCell } from './plugins/plugin-cells';
import { plugins } from '../../../common/resources/plugins';
import { singularLabel } from '../../i18n/resource-labels';

/** A plugin's editor (actionPages.edit, Admin+): on or off, and its settings from its configSchema. */
export default function PluginEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const invalidate = useInvalidate();
  const { result, query } = useOne<PluginAnswer>({ resource: 'plugins', id, queryOptions: { retry: false }, errorNotification: false });
  if (query.isError) return <Alert type="error" showIcon message={errorText(query.error, t)} />;
  if (!result?.id) return <Skeleton active />;
  const name = t(`finviewPlugins.names.${result.id}`, { defaultValue: result.id });
  const enabledField = plugins.fields?.find((field) => field.name === 'enabled');
  return (
    <Flex vertical gap={16} data-testid="finview-plugin-edit">
      <PageHeader icon="ApiOutlined" title={t('titles.edit', { resource: singularLabel(t, plugins), name })} extra={<ListButton resource="plugins">{t('resources.plugins')}</ListButton>} />
      <Card style={{ maxWidth: 860 }}>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('finviewPlugins.enabled')}>
            {enabledField ? <PluginSwitchCell value={result.enabled} field={enabledField} record={result} definition={plugins} /> : null}
          </Descriptions.Item>
        </Descriptions>
        <PluginConfigForm plugin={result} editable onSaved={() => void invalidate({ resource: 'plugins', invalidates: ['detail', 'list'], id: result.id })} />
      </Card>
    </Flex>
  );
}
