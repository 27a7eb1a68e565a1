import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Flex, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PluginAnswer } from '../../../../common/domains/finview/model';
import { canAccess } from '../../../../common/access';
import { useRole } from '../../../providers';
import { useRuntime } from '../../../registry/registry-context';
import { errorText } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';
import type { CellProps } from '../../generic/cells/registry';
import { useFinviewApi } from '../finview-api';

const pluginOf = (record: CellProps['record']) => record as unknown as PluginAnswer;

/** The plugin's name in the reader's words, its id below. */
export function PluginNameCell({ record }: CellProps) {
  const { t } = useTranslation();
  const plugin = pluginOf(record);
  return (
    <Flex vertical gap={0}>
      <Typography.Text strong>{t(`finviewPlugins.names.${plugin.id}`, { defaultValue: plugin.id })}</Typography.Text>
      <Typography.Text type="secondary" code>
        <bdi>{plugin.id}</bdi>
      </Typography.Text>
    </Flex>
  );
}

/** On or off: a switch Admins flip in the row (the plugin's edit right, as the server's PUT), shown to Users as it is. */
export function PluginSwitchCell({ record, definition }: CellProps) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const toast = useToast();
  const invalidate = useInvalidate();
  const role = useRole();
  const { registry } = useRuntime();
  const editable = canAccess(role, { resource: 'plugins', action: 'edit' }, registry.definitions);
  const { mutate, mutation } = useCustomMutation<PluginAnswer>();
  const plugin = pluginOf(record);
  const refresh = () => void invalidate({ resource: definition?.name ?? 'plugins', invalidates: ['list', 'detail'], id: plugin.id });
  const toggle = (enabled: boolean) =>
    mutate(
      { url: api.plugin(plugin.id), method: 'put', values: { enabled, config: plugin.config, version: plugin.version }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          toast('success', 'finview-plugin', t('server.finviewPluginSaved'));
          refresh();
        },
        onError: (error) => {
          toast('error', 'finview-plugin', errorText(error, t));
          refresh();
        },
      },
    );
  return (
    <Switch
      checked={plugin.enabled}
      disabled={!editable || mutation.isPending}
      onChange={toggle}
      aria-label={t('finviewPlugins.switch', { name: t(`finviewPlugins.names.${plugin.id}`, { defaultValue: plugin.id }) })}
      data-testid={`finview-plugin-enabled-${plugin.id}`}
    />
  );
}

/** Whether what it reads exists yet. */
export function PluginAvailableCell({ record }: CellProps) {
  const { t } = useTranslation();
  return pluginOf(record).available ? <Tag color="green">{t('finviewPlugins.yes')}</Tag> : <Tag color="gold">{t('finviewPlugins.unavailable')}</Tag>;
}

/** The scene kinds a source's data feeds. */
export function PluginFitsCell({ record }: CellProps) {
  const { t } = useTranslation();
  const fits = pluginOf(record).fits;
  if (fits.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      {fits.map((scene) => (
        <Tag key={scene}>{t(`finviewTemplates.scenes.${scene}`, { defaultValue: scene })}</Tag>
      ))}
    </>
  );
}

export const PLUGIN_CELLS = {
  'finview-plugin-name': PluginNameCell,
  'finview-plugin-switch': PluginSwitchCell,
  'finview-plugin-available': PluginAvailableCell,
  'finview-plugin-fits': PluginFitsCell,
} as const;
