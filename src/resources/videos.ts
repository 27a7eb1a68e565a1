import type { ResourceDefinition } from './types';

export const videos: ResourceDefinition = {
  name: 'videos',
  area: 'finview',
  route: 'finview/videos',
  labelKey: 'resources.videos',
  icon: 'PlayCircleOutlined',
  minRole: 2,
  actions: ['list'],
  module: 'FinView',
};
