import { useInvalidate } from '@refinedev/core';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PluginAnswer } from '../../../../common/domains/finview/model';
import type { PanelProps } from '../../generic/panels';
import { PluginConfigForm } from './plugin-config-form';
import { PriceSeriesCard } from './price-series-card';

/**
 * The named panel 'finview-plugin-data' under a plugin's fields: its settings as they are (the
 * editor is the edit page, Admin+), and for the price-series source the uploaded series, which
 * every user may add to.
 */
export function PluginPanel({ record, definition }: PanelProps) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const plugin = record as unknown as PluginAnswer;
  return (
    <Flex vertical gap={16} data-testid="finview-plugin-panel">
      <Typography.Title level={5} style={{ marginBlock: 0 }}>
        {t('finview.plugins.settings')}
      </Typography.Title>
      <PluginConfigForm plugin={plugin} editable={false} onSaved={() => void invalidate({ resource: definition.name, invalidates: ['detail'], id: plugin.id })} />
      {plugin.id === 'price-series' ? <PriceSeriesCard /> : null}
    </Flex>
  );
}
