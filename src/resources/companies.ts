import type { ResourceDefinition } from './types';

export const companies: ResourceDefinition = {
  name: 'companies',
  area: 'news-management',
  route: 'news-management/news/companies',
  labelKey: 'resources.companies',
  icon: 'BankOutlined',
  minRole: 2,
  // create = upload companies from an .xlsx file.
  actions: ['list', 'edit', 'create'],
  endpoint: 'be-api-management/news/companies',
  page: 'companies',
};
