import type { ResourceDefinition } from './types';

export const aadhaarCards: ResourceDefinition = {
  name: 'aadhaar-cards',
  area: 'kyc',
  group: 'documents',
  path: 'aadhaar-cards',
  labelKey: 'resources.aadhaar-cards',
  icon: 'IdcardOutlined',
  minRole: 2,
  actions: ['list'],
};
