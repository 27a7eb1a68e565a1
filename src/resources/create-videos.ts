import type { ResourceDefinition } from './types';

export const createVideos: ResourceDefinition = {
  name: 'create-videos',
  area: 'finview',
  route: 'finview/createvideos',
  labelKey: 'resources.create-videos',
  icon: 'VideoCameraAddOutlined',
  minRole: 2,
  actions: ['list'],
  module: 'FinView',
};
