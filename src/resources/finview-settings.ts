import type { ResourceDefinition } from './types';

export const finviewSettings: ResourceDefinition = {
  name: 'finview-settings',
  area: 'finview',
  route: 'finview/settings',
  labelKey: 'resources.finview-settings',
  icon: 'SettingOutlined',
  minRole: 1,
  actions: ['list'],
  module: 'FinView',
};
