import type { ResourceDefinition } from './types';

export const rules: ResourceDefinition = {
  name: 'rules',
  area: 'finview',
  route: 'finview/rules',
  // Schedules, events and manual runs that make videos (docs/finview.md).
  endpoint: 'be-api-management/finview/rules',
  page: 'finview-rules',
  labelKey: 'resources.rules',
  icon: 'ControlOutlined',
  minRole: 2,
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  module: 'FinView',
};
