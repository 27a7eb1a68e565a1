import type { ResourceDefinition } from './types';

export const announcements: ResourceDefinition = {
  name: 'announcements',
  area: 'announcements',
  route: 'announcements',
  labelKey: 'resources.announcements',
  icon: 'NotificationOutlined',
  minRole: 2,
  actions: ['list'],
};
