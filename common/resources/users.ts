import type { ResourceDefinition } from './types';

// A custom page: approval, disabling, role changes and the bank mail-domain rule
// do not fit the generic form. Approve, disable, enable and reset-password are
// edits as far as roles go; who may be edited is decided by ./user-rules.
export const users: ResourceDefinition = {
  name: 'users',
  area: 'admin',
  route: 'admin/user/users',
  labelKey: 'resources.users',
  icon: 'UserOutlined',
  minRole: 1,
  actions: ['list', 'show', 'create', 'edit'],
  endpoint: 'be-api-management/admin/users',
  page: 'users',
  fields: [
    { name: 'username', type: 'text', labelKey: 'admin.users.fields.username', required: true },
    { name: 'name', type: 'text', labelKey: 'admin.users.fields.name', required: true },
    { name: 'email', type: 'email', labelKey: 'admin.users.fields.email', required: true },
    { name: 'role', type: 'select', labelKey: 'admin.users.fields.role', required: true },
    { name: 'status', type: 'select', labelKey: 'admin.users.fields.status', views: ['list', 'show'] },
    { name: 'enterpriseName', type: 'text', labelKey: 'admin.users.fields.enterprise', views: ['list', 'show'] },
  ],
};
