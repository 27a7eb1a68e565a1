import type { ResourceDefinition } from './types';

export const videos: ResourceDefinition = {
  name: 'videos',
  area: 'finview',
  route: 'finview/videos',
  // Videos and PDF reports with their render jobs; approve is Admin+ in the service (docs/finview.md).
  endpoint: 'be-api-management/finview/outputs',
  page: 'finview-videos',
  labelKey: 'resources.videos',
  icon: 'PlayCircleOutlined',
  minRole: 2,
  actions: ['list', 'show', 'edit', 'delete'],
  module: 'FinView',
};
