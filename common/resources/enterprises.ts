import type { ResourceDefinition } from './types';

// A generic resource end to end: the list, the form, the show page, the API and its
// storage all come from these fields (README "Adding a resource").
export const enterprises: ResourceDefinition = {
  name: 'enterprises',
  area: 'admin',
  route: 'admin/enterprise/enterprises',
  labelKey: 'resources.enterprises',
  icon: 'ApartmentOutlined',
  minRole: 0,
  actions: ['list', 'show', 'create', 'edit'],
  endpoint: 'be-api-management/admin/enterprises',
  storage: {
    table: 'enterprises',
    readFrom: 'enterprises_read',
    search: ['name', 'mailDomain'],
    defaultSort: 'name:asc',
    auditEntity: 'enterprise',
    messages: { taken: 'enterpriseTaken' },
  },
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    {
      name: 'name',
      type: 'text',
      labelKey: 'admin.enterprises.fields.name',
      required: true,
      maxLength: 100,
      rule: 'notBlank',
      unique: true,
      list: { sortable: true, filter: 'text' },
    },
    {
      name: 'mailDomain',
      type: 'text',
      labelKey: 'admin.enterprises.fields.mailDomain',
      required: true,
      maxLength: 253,
      rule: 'mailDomain',
      list: { sortable: true, filter: 'text' },
    },
    { name: 'isBank', type: 'boolean', labelKey: 'admin.enterprises.fields.isBank', default: false, list: { sortable: true, filter: 'boolean', width: 120 } },
    { name: 'isActive', type: 'boolean', labelKey: 'admin.enterprises.fields.isActive', default: true, list: { sortable: true, filter: 'boolean', width: 120 } },
    { name: 'userCount', type: 'integer', labelKey: 'admin.enterprises.fields.userCount', readOnly: true, list: { sortable: true, width: 120 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'admin.enterprises.fields.updatedAt', readOnly: true, list: { sortable: true } },
    { name: 'createdAt', type: 'datetime', labelKey: 'admin.enterprises.fields.createdAt', readOnly: true, views: ['show'] },
  ],
};
