import type { ResourceDefinition } from './types';

export const plugins: ResourceDefinition = {
  name: 'plugins',
  area: 'finview',
  route: 'finview/plugins',
  // Data sources and widgets; switching and configuring them is Admin+ (docs/finview.md).
  endpoint: 'be-api-management/finview/plugins',
  page: 'finview-plugins',
  actionRoles: { edit: 1 },
  labelKey: 'resources.plugins',
  icon: 'ApiOutlined',
  minRole: 2,
  actions: ['list', 'edit'],
  module: 'FinView',
};
