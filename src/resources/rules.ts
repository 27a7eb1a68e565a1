import type { ResourceDefinition } from './types';

export const rules: ResourceDefinition = {
  name: 'rules',
  area: 'finview',
  route: 'finview/rules',
  labelKey: 'resources.rules',
  icon: 'ControlOutlined',
  minRole: 2,
  actions: ['list'],
  module: 'FinView',
};
