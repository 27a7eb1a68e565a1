import type { ResourceDefinition } from './types';

export const templates: ResourceDefinition = {
  name: 'templates',
  area: 'finview',
  route: 'finview/templates',
  // Versioned video and report templates with a live preview (docs/finview.md).
  endpoint: 'be-api-management/finview/templates',
  page: 'finview-templates',
  labelKey: 'resources.templates',
  icon: 'LayoutOutlined',
  minRole: 2,
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  module: 'FinView',
};
