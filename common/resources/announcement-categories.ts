import type { ResourceDefinition } from './types';

// An Admin-edited taxonomy for announcements, and the proof of the generic module: this
// file, its registry line, its migration (server/migrations/011_...) and its i18n keys
// are all it took (README "Adding a resource").
export const announcementCategories: ResourceDefinition = {
  name: 'announcement-categories',
  area: 'announcements',
  route: 'announcements/categories',
  labelKey: 'resources.announcement-categories',
  icon: 'AppstoreOutlined',
  minRole: 2,
  actionRoles: { create: 1, edit: 1, delete: 1 },
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  endpoint: 'be-api-management/announcements/categories',
  storage: { table: 'announcement_categories', search: ['name', 'description'], defaultSort: 'name:asc' },
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    {
      name: 'name',
      type: 'text',
      labelKey: 'announcementCategories.fields.name',
      required: true,
      maxLength: 80,
      rule: 'notBlank',
      unique: true,
      list: { sortable: true, filter: 'text' },
    },
    { name: 'description', type: 'textarea', labelKey: 'announcementCategories.fields.description', maxLength: 500, default: '', list: {} },
    { name: 'isActive', type: 'boolean', labelKey: 'announcementCategories.fields.isActive', default: true, list: { sortable: true, filter: 'boolean', width: 110 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'announcementCategories.fields.updatedAt', readOnly: true, list: { sortable: true, width: 200 } },
  ],
};
