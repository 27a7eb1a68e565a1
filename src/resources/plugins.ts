import type { ResourceDefinition } from './types';

export const plugins: ResourceDefinition = {
  name: 'plugins',
  area: 'finview',
  route: 'finview/plugins',
  labelKey: 'resources.plugins',
  icon: 'ApiOutlined',
  minRole: 2,
  actions: ['list'],
  module: 'FinView',
};
