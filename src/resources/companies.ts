import type { ResourceDefinition } from './types';

export const companies: ResourceDefinition = {
  name: 'companies',
  area: 'news',
  group: 'news',
  path: 'companies',
  labelKey: 'resources.companies',
  icon: 'BankOutlined',
  minRole: 2,
  actions: ['list'],
};
