import type { ResourceDefinition } from './types';

export const signatures: ResourceDefinition = {
  name: 'signatures',
  area: 'kyc',
  group: 'documents',
  path: 'signatures',
  labelKey: 'resources.signatures',
  icon: 'EditOutlined',
  minRole: 2,
  actions: ['list'],
};
