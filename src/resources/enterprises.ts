import type { ResourceDefinition } from './types';

// Generic pages: the list and the form come from these fields.
export const enterprises: ResourceDefinition = {
  name: 'enterprises',
  area: 'admin',
  route: 'admin/enterprise/enterprises',
  labelKey: 'resources.enterprises',
  icon: 'ApartmentOutlined',
  minRole: 0,
  actions: ['list', 'create', 'edit'],
  endpoint: 'be-api-management/admin/enterprises',
  fields: [
    { name: 'name', type: 'text', labelKey: 'admin.enterprises.fields.name', required: true },
    { name: 'mailDomain', type: 'text', labelKey: 'admin.enterprises.fields.mailDomain', required: true },
    { name: 'isBank', type: 'boolean', labelKey: 'admin.enterprises.fields.isBank' },
    { name: 'isActive', type: 'boolean', labelKey: 'admin.enterprises.fields.isActive' },
    { name: 'userCount', type: 'number', labelKey: 'admin.enterprises.fields.userCount', views: ['list'] },
    { name: 'updatedAt', type: 'date', labelKey: 'admin.enterprises.fields.updatedAt', views: ['list'] },
  ],
};
