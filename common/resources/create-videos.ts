import type { ResourceDefinition } from './types';

export const createVideos: ResourceDefinition = {
  name: 'create-videos',
  area: 'finview',
  route: 'finview/createvideos',
  // Pick a published template, fill its parameters, preview, render (docs/finview.md).
  endpoint: 'be-api-management/finview/outputs',
  page: 'finview-create',
  labelKey: 'resources.create-videos',
  icon: 'VideoCameraAddOutlined',
  minRole: 2,
  actions: ['list', 'create'],
  shape: 'form',
  module: 'FinView',
};
