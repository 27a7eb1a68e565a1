import type { ResourceDefinition } from './types';

export const templates: ResourceDefinition = {
  name: 'templates',
  area: 'finview',
  route: 'finview/templates',
  labelKey: 'resources.templates',
  icon: 'LayoutOutlined',
  minRole: 2,
  actions: ['list'],
  module: 'FinView',
};
