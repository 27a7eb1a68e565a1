import type { ResourceDefinition } from './types';
import { OUTPUT_FIELDS, OUTPUT_WORKFLOW } from './videos';

// With the Reports module on, finview's PDF reports as a list of their own: the outputs of
// kind report on the generic list (the same endpoint, routes and panel as videos'). Its
// transitions are served once, under videos' definition (the same URLs).
export const reports: ResourceDefinition = {
  name: 'reports',
  area: 'finview',
  route: 'finview/reports',
  endpoint: 'be-api-management/finview/outputs',
  labelKey: 'resources.reports',
  icon: 'FileTextOutlined',
  minRole: 2,
  actions: ['list', 'show', 'delete'],
  module: 'Reports',
  fields: OUTPUT_FIELDS.filter((field) => field.name !== 'durationSeconds' && field.name !== 'hasPoster').map((field) =>
    field.name === 'pages' && field.list ? { ...field, list: { ...field.list, hidden: false } } : field,
  ),
  workflow: OUTPUT_WORKFLOW,
  panels: ['finview-output'],
  list: { permanentFilters: { kind: 'report' }, liveChannel: 'output', liveIgnores: ['progress'], openOnEnter: true, search: ['title', 'templateName'] },
};
