import type { ResourceDefinition } from './types';

// Data sources and widgets (docs/finview.md "Plugins"), a fixed dozen, on the generic list
// (sources and widgets as tabs) and show page. Switching one is a switch in its row and its
// editor (Admin+, the edit right); the settings editor is the area's page (actionPages.edit,
// from the plugin's configSchema); the show page's named panel 'finview-plugin-data' shows the
// settings and, for the price-series source, its uploaded series.
export const plugins: ResourceDefinition = {
  name: 'plugins',
  area: 'finview',
  route: 'finview/plugins',
  endpoint: 'be-api-management/finview/plugins',
  actionRoles: { edit: 1 },
  labelKey: 'resources.plugins',
  icon: 'ApiOutlined',
  minRole: 2,
  actions: ['list', 'show', 'edit'],
  module: 'FinView',
  actionPages: { edit: 'finview-plugin-edit' },
  fields: [
    { name: 'id', type: 'text', labelKey: 'finviewPlugins.name', readOnly: true, list: { cell: 'finview-plugin-name' } },
    {
      name: 'kind',
      type: 'select',
      labelKey: 'finview.plugins.kind',
      readOnly: true,
      options: [
        { value: 'source', labelKey: 'finviewPlugins.sources' },
        { value: 'widget', labelKey: 'finviewPlugins.widgets' },
      ],
      list: { hidden: true, width: 130 },
    },
    { name: 'enabled', type: 'boolean', labelKey: 'finviewPlugins.enabled', readOnly: true, list: { cell: 'finview-plugin-switch', filter: 'boolean', width: 90 } },
    { name: 'available', type: 'boolean', labelKey: 'finviewPlugins.available', readOnly: true, list: { cell: 'finview-plugin-available', width: 140 } },
    { name: 'fits', type: 'text', labelKey: 'finviewPlugins.fits', readOnly: true, list: { cell: 'finview-plugin-fits' } },
    { name: 'updatedBy', type: 'text', labelKey: 'finviewPlugins.updatedBy', readOnly: true, list: { cell: 'user', width: 140 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'finviewPlugins.updatedAt', readOnly: true, list: { cell: 'relativeAge', width: 140 } },
  ],
  panels: ['finview-plugin-data'],
  list: { tabs: 'kind', search: ['id'], openOnEnter: true, export: true },
};
