import { USER_STATUSES } from '../domains/admin/model';
import { ROLE_LABEL_KEYS, ROLES, type ResourceDefinition } from './types';

// Users on the generic list and show page. What is the admin's own stays named: the user form
// (a bank's mail domain, the roles one may give) as the create and edit page, the password
// reset as a row action. Approve, disable and enable are the workflow's transitions, served by
// the admin module's store (server/src/modules/admin/users-transition-store.ts), which also
// enforces ../domains/admin/user-rules.ts (an Admin never touches a Super Admin, the last live
// Super Admin stays) and ends a disabled user's sessions.
export const users: ResourceDefinition = {
  name: 'users',
  area: 'admin',
  route: 'admin/user/users',
  labelKey: 'resources.users',
  icon: 'UserOutlined',
  minRole: 1,
  actions: ['list', 'show', 'create', 'edit'],
  endpoint: 'be-api-management/admin/users',
  actionPages: { create: 'user-form', edit: 'user-form' },
  // The generic list offers no create button when the create page is the area's own.
  headerActions: ['user-add'],
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    { name: 'username', type: 'text', labelKey: 'admin.users.fields.username', required: true, list: { sortable: true } },
    { name: 'name', type: 'text', labelKey: 'admin.users.fields.name', required: true, list: { sortable: true } },
    { name: 'email', type: 'email', labelKey: 'admin.users.fields.email', required: true, list: { sortable: true } },
    {
      name: 'role',
      type: 'select',
      labelKey: 'admin.users.fields.role',
      required: true,
      options: ROLES.map((value) => ({ value, labelKey: ROLE_LABEL_KEYS[value] })),
      list: { sortable: true, filter: 'select', width: 140 },
    },
    {
      name: 'status',
      type: 'select',
      labelKey: 'admin.users.fields.status',
      readOnly: true,
      options: USER_STATUSES.map((value) => ({ value, labelKey: `admin.users.status.${value}` })),
      list: { sortable: true, width: 120 },
    },
    {
      name: 'enterpriseId',
      type: 'reference',
      labelKey: 'admin.users.fields.enterprise',
      // Admins may not list enterprises (a Super Admin's resource): the choice comes from the users module.
      reference: { resource: 'enterprises', label: 'name', optionsEndpoint: 'be-api-management/admin/users/enterprise-options' },
      views: ['list'],
      list: { sortable: true, filter: 'multiSelect', cell: 'admin-enterprise' },
    },
    { name: 'enterpriseName', type: 'text', labelKey: 'admin.users.fields.enterprise', readOnly: true, views: ['show'] },
    { name: 'createdAt', type: 'datetime', labelKey: 'admin.users.fields.createdAt', readOnly: true, list: { sortable: true, hidden: true } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'admin.users.fields.updatedAt', readOnly: true, views: ['show'] },
  ],
  workflow: {
    field: 'status',
    states: [
      { value: 'pending', labelKey: 'admin.users.status.pending', color: 'warning' },
      { value: 'active', labelKey: 'admin.users.status.active', color: 'success' },
      { value: 'disabled', labelKey: 'admin.users.status.disabled', color: 'default' },
    ],
    transitions: [
      { name: 'approve', labelKey: 'admin.users.approve', from: ['pending'], to: 'active', bulk: true, hotkey: 'a' },
      // Disabling ends the user's sessions at once: asked first.
      { name: 'disable', labelKey: 'admin.users.disable', from: ['pending', 'active'], to: 'disabled', danger: true },
      { name: 'enable', labelKey: 'admin.users.enable', from: ['disabled'], to: 'active' },
    ],
  },
  rowActions: ['user-reset-password'],
  list: { tabs: 'status', search: ['username', 'name', 'email'], export: true },
};
