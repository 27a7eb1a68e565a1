import type { ResourceDefinition } from './types';

export const users: ResourceDefinition = {
  name: 'users',
  area: 'admin',
  group: 'user',
  path: 'users',
  labelKey: 'resources.users',
  icon: 'UserOutlined',
  minRole: 1,
  actions: ['list'],
};
