import type { ResourceDefinition } from './types';

export const enterprises: ResourceDefinition = {
  name: 'enterprises',
  area: 'admin',
  group: 'enterprise',
  path: 'enterprises',
  labelKey: 'resources.enterprises',
  icon: 'ApartmentOutlined',
  minRole: 0,
  actions: ['list'],
};
