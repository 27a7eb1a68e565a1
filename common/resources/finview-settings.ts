import type { ResourceDefinition } from './types';

export const finviewSettings: ResourceDefinition = {
  name: 'finview-settings',
  area: 'finview',
  route: 'finview/settings',
  // Caps, brand, retention and render concurrency (docs/finview.md).
  endpoint: 'be-api-management/finview/settings',
  page: 'finview-settings',
  labelKey: 'resources.finview-settings',
  icon: 'SettingOutlined',
  minRole: 1,
  actions: ['list', 'edit'],
  shape: 'form',
  module: 'FinView',
};
