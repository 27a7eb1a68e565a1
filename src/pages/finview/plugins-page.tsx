import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Card, Flex, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRole } from '../../providers';
import { canAccess } from '../../../common/access';
import type { RouteSpec } from '../../../common/resources/generate';
import type { PluginAnswer } from '../../../common/domains/finview/model';
import { useRuntime } from '../../registry/registry-context';
import { PageHeader } from '../../components/page-header';
import { RelativeDate } from '../../components/relative-date';
import { UserName } from '../../components/user-name';
import { useFinviewApi } from './finview-api';
import { errorText } from '../../components/error-text';
import { useToast } from '../../components/toasts';
import { PluginConfigForm } from './plugins/plugin-config-form';
import { PriceSeriesCard } from './plugins/price-series-card';

/** Data sources and widgets: switched on or off and configured by Admin+, read-only for Users; price series for everyone. */
export default function PluginsPage(_props: { route: RouteSpec }) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const toast = useToast();
  const role = useRole();
  const { registry } = useRuntime();
  const editable = canAccess(role, { resource: 'plugins', action: 'edit' }, registry.definitions);
  const { query } = useCustom<PluginAnswer[]>({ url: api.plugins, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const { mutate, mutation } = useCustomMutation<PluginAnswer>();
  const plugins = query.data?.data ?? [];
  const refetch = () => void query.refetch();

  const toggle = (plugin: PluginAnswer, enabled: boolean) =>
    mutate(
      { url: api.plugin(plugin.id), method: 'put', values: { enabled, config: plugin.config, version: plugin.version }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'finview-plugin', t('server.finviewPluginSaved'));
          refetch();
        },
        onError: (error) => {
          toast('error', 'finview-plugin', errorText(error, t));
          refetch();
        },
      },
    );

  const table = (kind: PluginAnswer['kind']) => (
    <Card title={t(`finviewPlugins.${kind}s`)} key={kind}>
      <Table<PluginAnswer>
        dataSource={plugins.filter((plugin) => plugin.kind === kind)}
        rowKey="id"
        size="small"
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (plugin) => <PluginConfigForm plugin={plugin} editable={editable} onSaved={refetch} />, rowExpandable: (plugin) => Object.keys(plugin.configSchema?.properties ?? {}).length > 0 }}
        data-testid={`finview-plugins-${kind}`}
      >
        <Table.Column<PluginAnswer>
          key="name"
          title={t('finviewPlugins.name')}
          render={(_, plugin) => (
            <Flex vertical gap={0}>
              <Typography.Text strong>{t(`finviewPlugins.names.${plugin.id}`, { defaultValue: plugin.id })}</Typography.Text>
              <Typography.Text type="secondary" code>
                <bdi>{plugin.id}</bdi>
              </Typography.Text>
            </Flex>
          )}
        />
        <Table.Column<PluginAnswer>
          key="enabled"
          title={t('finviewPlugins.enabled')}
          render={(_, plugin) => (
            <Switch
              checked={plugin.enabled}
              disabled={!editable || mutation.isPending}
              onChange={(checked) => toggle(plugin, checked)}
              aria-label={t('finviewPlugins.switch', { name: t(`finviewPlugins.names.${plugin.id}`, { defaultValue: plugin.id }) })}
              data-testid={`finview-plugin-enabled-${plugin.id}`}
            />
          )}
        />
        <Table.Column<PluginAnswer>
          key="available"
          title={t('finviewPlugins.available')}
          render={(_, plugin) => (plugin.available ? <Tag color="green">{t('finviewPlugins.yes')}</Tag> : <Tag color="gold">{t('finviewPlugins.unavailable')}</Tag>)}
        />
        {kind === 'source' ? (
          <Table.Column<PluginAnswer>
            key="fits"
            title={t('finviewPlugins.fits')}
            render={(_, plugin) => plugin.fits.map((scene) => <Tag key={scene}>{t(`finviewTemplates.scenes.${scene}`, { defaultValue: scene })}</Tag>)}
          />
        ) : null}
        <Table.Column<PluginAnswer> key="updatedBy" title={t('finviewPlugins.updatedBy')} render={(_, plugin) => <UserName user={plugin.updatedBy} />} />
        <Table.Column<PluginAnswer> key="updatedAt" dataIndex="updatedAt" title={t('finviewPlugins.updatedAt')} render={(value: string) => <RelativeDate value={value} />} />
      </Table>
    </Card>
  );

  return (
    <Flex vertical gap={16} data-testid="finview-plugins-page">
      <PageHeader icon="ApiOutlined" title={t('finviewPlugins.title')} />
      {!editable ? <Alert type="info" showIcon message={t('finviewPlugins.readOnly')} data-testid="finview-plugins-read-only" /> : null}
      {query.isError ? <Alert type="error" showIcon message={errorText(query.error, t)} /> : null}
      {table('source')}
      {table('widget')}
      <PriceSeriesCard />
    </Flex>
  );
}
