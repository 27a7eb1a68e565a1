import type { ResourceDefinition } from './types';

export const videos: ResourceDefinition = {
  name: 'videos',
  area: 'finview',
  group: 'videos',
  path: 'videos',
  labelKey: 'resources.videos',
  icon: 'PlayCircleOutlined',
  minRole: 2,
  actions: ['list'],
  module: 'FinView',
};
