import type { ResourceDefinition } from './types';

export const panCards: ResourceDefinition = {
  name: 'pan-cards',
  area: 'kyc',
  group: 'documents',
  path: 'pan-cards',
  labelKey: 'resources.pan-cards',
  icon: 'CreditCardOutlined',
  minRole: 2,
  actions: ['list'],
};
