import type { ResourceDefinition } from './types';

export const reports: ResourceDefinition = {
  name: 'reports',
  area: 'finview',
  route: 'finview/reports',
  labelKey: 'resources.reports',
  icon: 'FileTextOutlined',
  minRole: 2,
  actions: ['list'],
  module: 'Reports',
};
