import type { ResourceDefinition } from './types';

export const pictures: ResourceDefinition = {
  name: 'pictures',
  area: 'kyc',
  group: 'documents',
  path: 'pictures',
  labelKey: 'resources.pictures',
  icon: 'PictureOutlined',
  minRole: 2,
  actions: ['list'],
};
